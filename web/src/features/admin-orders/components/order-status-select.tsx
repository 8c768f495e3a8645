import { adminOrderMessages } from '@shared/messages';
import { ORDER_STATUS_OPTIONS } from '@shared/rules/admin-order-filters';
import { statusLabel } from '@shared/rules/admin-order-forms';
import type { AdminOrderRow } from '@shared/schemas/admin-order-list';
import type { OrderStatus } from '@shared/schemas/admin-orders';
import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { SelectField } from '../../../components/form/field';
import type { ListNotice } from '../../../components/list/list-page';
import { useSetListedOrderStatus } from '../api/set-order-status';

/** Keys that move a closed select's choice (each move fires a change in Chromium and Safari). */
const MOVE_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);
const movesChoice = (event: KeyboardEvent) =>
  !event.altKey && !event.ctrlKey && !event.metaKey && (MOVE_KEYS.has(event.key) || event.key.length === 1);

/** Read by screen readers with every status dropdown (the page renders it once, see StatusSelectHint). */
export const STATUS_SELECT_HINT_ID = 'order-status-select-hint';
export function StatusSelectHint() {
  return (
    <p id={STATUS_SELECT_HINT_ID} className="visually-hidden">
      A status saves when chosen. With the arrow keys, press Enter to save.
    </p>
  );
}

interface OrderStatusSelectProps {
  order: AdminOrderRow;
  /** Resolves true when staff confirm the completion (the customer is e-mailed that they were paid). */
  confirmComplete: (orderId: string) => Promise<boolean>;
  onNotice: (notice: ListNotice) => void;
}

/**
 * The per-order status dropdown: a choice saves at once (spec 001 §4). Completing asks first; a refusal or a
 * failed save puts the dropdown back on the stored status. Arrowing through a closed select fires a change per
 * step, so a choice made with the keyboard waits for Enter (or leaving the field) instead of saving every
 * status passed on the way.
 */
export function OrderStatusSelect({ order, confirmComplete, onNotice }: OrderStatusSelectProps) {
  const id = useId();
  const mutation = useSetListedOrderStatus();
  // What staff chose while it is being confirmed or saved.
  const [chosen, setChosen] = useState<string | null>(null);
  // A keyboard choice not saved yet.
  const [held, setHeld] = useState<string | null>(null);
  const inFlight = useRef(false);
  const keyMove = useRef(false);

  // A status the dropdown does not offer (older data) is still shown as it is.
  const options = ORDER_STATUS_OPTIONS.some((o) => o.value === order.status)
    ? ORDER_STATUS_OPTIONS
    : [{ value: order.status, label: statusLabel(order.status || 'unknown') }, ...ORDER_STATUS_OPTIONS];

  async function save(next: OrderStatus) {
    setHeld(null);
    // Disabling the select would throw keyboard focus out of it; a change while one is under way is ignored.
    if (inFlight.current || next === order.status) return;
    inFlight.current = true;
    setChosen(next);
    try {
      if (next === 'completed' && !(await confirmComplete(order.orderId))) return;
      const result = await mutation.mutateAsync({ orderId: order.orderId, status: next });
      const email = result.completionEmail;
      onNotice(
        email
          ? {
              tone: email.queued ? 'success' : 'error',
              text:
                email.message ||
                (email.queued ? adminOrderMessages.completionSent : adminOrderMessages.completionFailed),
            }
          : { tone: 'success', text: `Order ${order.orderId} is now ${statusLabel(next)}.` },
      );
    } catch {
      onNotice({ tone: 'error', text: adminOrderMessages.statusFailed });
    } finally {
      inFlight.current = false;
      setChosen(null);
    }
  }

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    if (inFlight.current) return;
    const next = event.target.value as OrderStatus;
    if (keyMove.current) {
      keyMove.current = false;
      setHeld(next === order.status ? null : next);
      return;
    }
    void save(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
    if (event.key === 'Enter' && held) {
      event.preventDefault();
      void save(held as OrderStatus);
    } else if (event.key === 'Escape' && held) {
      setHeld(null);
    } else {
      keyMove.current = movesChoice(event);
    }
  }

  return (
    <SelectField
      options={options}
      id={id}
      label={`Status for order ${order.orderId}`}
      hideLabel
      layout="inline"
      className="order-status-select"
      describedBy={STATUS_SELECT_HINT_ID}
      after={mutation.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
      value={chosen ?? held ?? order.status}
      onChange={onChange}
      onKeyDown={onKeyDown}
      onPointerDown={() => {
        keyMove.current = false;
      }}
      onBlur={() => held && void save(held as OrderStatus)}
      aria-busy={chosen !== null || undefined}
    />
  );
}
