import { capitalize } from '@shared/rules/admin-order-filters';
import type { PaymentStatus } from '@shared/rules/order';

// Stand-in until the back office's shared status badge (features/admin/components/status-badge.tsx) is merged.
const ORDER_TONES: Record<string, string> = {
  pending: 'warning',
  processing: 'info',
  completed: 'success',
  cancelled: 'danger',
  shipped: 'info',
  delivered: 'success',
  refunded: 'neutral',
  returned: 'danger',
};

/** An order or shipment status as a coloured pill; the word itself carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: string }) {
  const tone = ORDER_TONES[status] ?? 'neutral';
  return <span className={`order-badge order-badge--${tone}`}>{capitalize(status || 'unknown')}</span>;
}

/** Paid in green, anything else (Pending) in yellow (spec 001 §4). */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`order-badge order-badge--${status === 'Paid' ? 'success' : 'warning'}`}>{status}</span>
  );
}
