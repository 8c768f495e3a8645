import { adminOrderMessages } from '@shared/messages';
import { capitalize, ORDER_STATUS_OPTIONS } from '@shared/rules/admin-order-filters';
import type { AdminOrderRow, OrderStatus } from '@shared/schemas/admin-orders';
import { type ChangeEvent, useId, useState } from 'react';
import { useSetOrderStatus } from '../api/set-order-status';

export interface StatusNotice {
  tone: 'success' | 'error';
  text: string;
}

interface OrderStatusSelectProps {
  order: AdminOrderRow;
  /** Resolves true when staff confirm the completion (the customer is e-mailed that they were paid). */
  confirmComplete: (orderId: string) => Promise<boolean>;
  onNotice: (notice: StatusNotice) => void;
}

/**
 * The per-order status dropdown: a choice saves at once (spec 001 §4). Completing asks first; a refusal or a
 * failed save puts the dropdown back on the stored status.
 */
export function OrderStatusSelect({ order, confirmComplete, onNotice }: OrderStatusSelectProps) {
  const id = useId();
  const mutation = useSetOrderStatus();
  // What staff chose while it is being confirmed or saved; the stored status otherwise.
  const [chosen, setChosen] = useState<string | null>(null);
  const busy = chosen !== null;

  // A status the dropdown does not offer (older data) is still shown as it is.
  const options = ORDER_STATUS_OPTIONS.some((o) => o.value === order.status)
    ? ORDER_STATUS_OPTIONS
    : [{ value: order.status, label: capitalize(order.status || 'unknown') }, ...ORDER_STATUS_OPTIONS];

  async function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value as OrderStatus;
    // Disabling the select would throw keyboard focus out of it; a change while one is under way is ignored.
    if (busy || next === order.status) return;
    setChosen(next);
    try {
      if (next === 'completed' && !(await confirmComplete(order.orderId))) return;
      const result = await mutation.mutateAsync({ orderId: order.orderId, status: next });
      const email = result.completionEmail;
      onNotice(
        email
          ? { tone: email.queued ? 'success' : 'error', text: email.message }
          : { tone: 'success', text: `Order ${order.orderId} is now ${capitalize(next)}.` },
      );
    } catch {
      onNotice({ tone: 'error', text: adminOrderMessages.statusFailed });
    } finally {
      setChosen(null);
    }
  }

  return (
    <div className="order-status-select">
      <label htmlFor={id} className="visually-hidden">
        Status for order {order.orderId}
      </label>
      <select id={id} value={chosen ?? order.status} onChange={onChange} aria-busy={busy || undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {mutation.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
    </div>
  );
}
