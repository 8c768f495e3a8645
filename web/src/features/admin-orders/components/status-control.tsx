import { adminOrderMessages as m } from '@shared/messages';
import { statusLabel } from '@shared/rules/admin-order-forms';
import { ORDER_STATUSES, type OrderStatus } from '@shared/schemas/admin-orders';
import { type ChangeEvent, useId, useState } from 'react';
import { SelectField } from '../../../components/form/field';
import { useSetOrderStatus } from '../api/set-order-status';
import { ConfirmDialog } from './confirm-dialog';
import { Feedback, type FeedbackTone } from './feedback';

const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * Spec 001 §4: any status from any other, saved as soon as it is chosen. Completed first asks (the customer is
 * e-mailed that they have been paid); declining, or a failed save, puts the dropdown back.
 */
export function StatusControl({ orderId, status }: { orderId: string; status: string }) {
  const selectId = useId();
  const mutation = useSetOrderStatus(orderId);
  // The choice shown while it is being confirmed or saved; null shows the order's own status.
  const [draft, setDraft] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: FeedbackTone; text: string } | null>(null);

  const save = (next: OrderStatus) => {
    setFeedback(null);
    mutation.mutate(next, {
      onSuccess: (result) => {
        const email = result.completionEmail;
        if (email) setFeedback({ tone: email.queued ? 'success' : 'error', text: email.message });
      },
      onError: () => setFeedback({ tone: 'error', text: m.statusFailed }),
      onSettled: () => setDraft(null),
    });
  };

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (!isOrderStatus(next) || next === status) {
      setDraft(null);
      return;
    }
    setDraft(next);
    if (next === 'completed') setAsking(true);
    else save(next);
  };

  const options: string[] = isOrderStatus(status) ? [...ORDER_STATUSES] : [status, ...ORDER_STATUSES];

  return (
    <div className="aod-status-control">
      <SelectField
        id={selectId}
        label="Order status"
        layout="compact"
        className="aod-status-control__field"
        after={
          mutation.isPending && (
            <span className="aod-inline-busy" role="status">
              <span className="spinner spinner--inline" aria-hidden="true" />
              Saving...
            </span>
          )
        }
        value={draft ?? status}
        onChange={onChange}
        aria-busy={mutation.isPending}
        data-testid="order-status-select"
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {statusLabel(value)}
          </option>
        ))}
      </SelectField>
      {feedback && (
        <Feedback tone={feedback.tone} testId="status-feedback">
          {feedback.text}
        </Feedback>
      )}
      <ConfirmDialog
        open={asking}
        title={m.confirmCompleteTitle(orderId)}
        message={m.confirmComplete}
        confirmLabel={m.confirmCompleteAction}
        onConfirm={() => {
          setAsking(false);
          save('completed');
        }}
        onCancel={() => {
          setAsking(false);
          setDraft(null);
        }}
      />
    </div>
  );
}
