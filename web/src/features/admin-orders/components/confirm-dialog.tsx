import type { RefObject } from 'react';
import { Dialog } from '../../../components/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** A destructive action gets the danger style. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the element that opened the dialog is gone (e.g. the deleted item's button). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** A yes/no question in the accessible dialog; Cancel has focus first, so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger = false,
  onConfirm,
  onCancel,
  returnFocusRef,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={<p>{message}</p>}
      size="sm"
      returnFocusRef={returnFocusRef}
      footer={
        <div className="button-row aod-dialog-actions">
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={danger ? 'btn aod-btn--danger' : 'btn btn--primary'}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      }
    />
  );
}
