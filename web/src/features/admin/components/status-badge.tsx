import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';

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

/** 'pending' gives 'Pending'; an empty value 'Unknown'. */
export const statusLabel = (status: string): string =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') : 'Unknown';

/**
 * A coloured pill for an order (or shipment) status; every pair of text and background is at least 4.5:1, and
 * the word itself carries the meaning, not the colour. An unknown status gets a neutral pill.
 */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const key = status.toLowerCase();
  const tone = isBadgeStatus(key) ? key : 'other';
  return (
    <span className={['status-badge', `status-badge--${tone}`, className].filter(Boolean).join(' ')}>
      {statusLabel(key)}
    </span>
  );
}

/** Money and dates as every back-office page shows them (USD with 2 decimals; 'MMM d, yyyy HH:mm'). */
export { formatDateTime, formatMoney };
