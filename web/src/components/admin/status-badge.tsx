import { statusLabel } from '@shared/rules/admin-order-forms';
import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import type { PaymentStatus } from '@shared/rules/order';

/** Spec 001 §4: the four order statuses staff choose from, plus the three the dashboard also styles. */
export const BADGE_STATUSES = [
  'pending',
  'processing',
  'completed',
  'cancelled',
  'shipped',
  'delivered',
  'refunded',
] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

const isBadgeStatus = (value: string): value is BadgeStatus =>
  (BADGE_STATUSES as readonly string[]).includes(value);

/**
 * A coloured pill for an order (or shipment) status; every pair of text and background is at least 4.5:1, and
 * the word itself carries the meaning, not the colour. An unknown status gets a neutral pill.
 */
export function StatusBadge({
  status,
  className,
  testId,
}: {
  status: string;
  className?: string;
  testId?: string;
}) {
  const key = status.toLowerCase();
  const tone = isBadgeStatus(key) ? key : 'other';
  return (
    <span
      className={['status-badge', `status-badge--${tone}`, className].filter(Boolean).join(' ')}
      data-testid={testId}
    >
      {key ? statusLabel(key) : 'Unknown'}
    </span>
  );
}

/** Paid in green, anything else (Pending) in yellow (spec 001 §4). */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`status-badge status-badge--${status === 'Paid' ? 'completed' : 'pending'}`}>
      {status}
    </span>
  );
}

/** Money and dates as every back-office page shows them (USD with 2 decimals; 'MMM d, yyyy HH:mm'). */
export { formatDateTime, formatMoney };
