import { paymentMethodLabel, statusLabel } from '@shared/rules/admin-order-forms';
import { formatDateTime } from '@shared/rules/date-format';
import { formatMoney } from '@shared/rules/money';
import { newestFirst } from '@shared/rules/text-order';
import type { ActivityEntry, AdminOrderDetail } from '@shared/schemas/admin-orders';
import { ClockIcon } from '../../../components/icons';
import { DetailSection } from './detail-section';
import './order-log.css';

const TYPE_LABELS: Record<NonNullable<ActivityEntry['type']>, string> = {
  PAYMENT: 'Payment',
  STATUS_CHANGE: 'Status change',
  IMAGE_UPLOAD: 'Image upload',
  EMAIL: 'Email',
  PAYOUT_REVEAL: 'Payout details',
  RECEIVED: 'Received',
  INSPECTION: 'Inspection',
  ANSWER: "Seller's answer",
  RETURN_LABEL: 'Return label',
};

/** Every change to the order, newest first: what, from which status to which, how much, when and by whom. */
export function ActivityLog({ order }: { order: AdminOrderDetail }) {
  const entries = [...order.activityLog].sort((a, b) => newestFirst(a.timestamp, b.timestamp));
  return (
    <DetailSection
      id="order-activity"
      title="Activity Log"
      icon={<ClockIcon size={20} />}
      className="aod-section--wide"
    >
      {entries.length > 0 ? (
        <ol className="aod-activity" data-testid="activity-log">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={`aod-activity__entry aod-activity__entry--${entry.type ?? 'other'}`}
            >
              <div className="aod-activity__head">
                <span className="aod-activity__type">{entry.type ? TYPE_LABELS[entry.type] : 'Update'}</span>
                <time dateTime={entry.timestamp} className="aod-muted">
                  {formatDateTime(entry.timestamp)}
                </time>
              </div>
              <p className="aod-activity__message">{entry.message}</p>
              {(entry.previousStatus || entry.newStatus) && (
                <p className="aod-activity__detail">
                  {statusLabel(entry.previousStatus ?? '—')} <span aria-hidden="true">→</span>
                  <span className="visually-hidden"> to </span> {statusLabel(entry.newStatus ?? '—')}
                </p>
              )}
              {(entry.amount !== undefined || entry.method) && (
                <p className="aod-activity__detail">
                  {entry.amount !== undefined && formatMoney(entry.amount)}
                  {entry.amount !== undefined && entry.method && ' via '}
                  {entry.method && paymentMethodLabel(entry.method)}
                </p>
              )}
              {entry.details && <p className="aod-activity__detail aod-break">{entry.details}</p>}
              {entry.by && <p className="aod-muted">By {entry.by}</p>}
            </li>
          ))}
        </ol>
      ) : (
        <p className="aod-muted">No activity yet.</p>
      )}
    </DetailSection>
  );
}
