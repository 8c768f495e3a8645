import { adminSmsMessages as m } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import type { SmsStatus } from '@shared/rules/sms';
import type { SmsHistory } from '@shared/schemas/admin-sms';
import type { ReactNode } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { awaitingCallback, useSmsHistory } from '../api/list-sms-messages';
import { LoadFailed } from './load-failed';
import { MarketingCard } from './marketing-card';

/** Delivered in green, on its way in blue, failed in red: the word carries the meaning, the colour helps. */
const TONE: Record<SmsStatus, string> = {
  queued: 'processing',
  sending: 'processing',
  sent: 'processing',
  delivered: 'completed',
  undelivered: 'cancelled',
  failed: 'cancelled',
};
const LABEL: Record<SmsStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
};

export function SmsStatusBadge({ status }: { status: SmsStatus }) {
  return <span className={`status-badge status-badge--${TONE[status]}`}>{LABEL[status]}</span>;
}

/** The message status log (latest 50): each delivery report Twilio sent, newest first. */
function StatusLog({ events }: { events: SmsHistory['statusLog'] }) {
  if (events.length === 0) return null;
  return (
    <details className="marketing-details">
      <summary>Delivery reports ({events.length})</summary>
      <div className="admin-table-scroll">
        <table className="admin-table marketing-table">
          <caption className="visually-hidden">Delivery reports, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
              <th scope="col">Error code</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one message may report the same status twice.
              <tr key={`${event.messageId}-${event.status}-${index}`}>
                <td data-label="Date" className="admin-table__nowrap">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                </td>
                <td data-label="To" className="admin-table__mono admin-table__nowrap">
                  {event.to}
                </td>
                <td data-label="Status">
                  <SmsStatusBadge status={event.status} />
                </td>
                <td data-label="Error code">{event.errorCode ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Spec 001 §2 Message History: the latest 50, newest first, refreshed while a delivery status is due. */
export function SmsHistoryCard() {
  const history = useSmsHistory();
  const waiting = awaitingCallback(history.data);

  let body: ReactNode;
  if (history.isPending) body = <LoadingState message="Loading messages..." />;
  else if (history.isError) body = <LoadFailed title={m.historyLoadFailed} query={history} />;
  else if (history.data.messages.length === 0) body = <p className="admin-empty">{m.historyEmpty}</p>;
  else
    body = (
      <div className="admin-table-scroll">
        <table className="admin-table marketing-table" data-testid="sms-history">
          <caption className="visually-hidden">{m.historyTitle}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">To</th>
              <th scope="col">Message</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {history.data.messages.map((row) => (
              <tr key={row.id}>
                <td data-label="Date" className="admin-table__nowrap">
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                </td>
                <td data-label="To" className="admin-table__mono admin-table__nowrap">
                  {row.to}
                </td>
                <td data-label="Message" className="marketing-table__message">
                  <span>
                    {row.kind === 'test' && <span className="marketing-tag">Test</span>}
                    {row.message}
                  </span>
                </td>
                <td data-label="Status" className="marketing-table__status">
                  <span className="marketing-status">
                    <SmsStatusBadge status={row.status} />
                    {row.error && <span className="marketing-status__error">{row.error}</span>}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <MarketingCard
      id="sms-history"
      title={m.historyTitle}
      actions={
        history.data && (
          <div className="marketing-card__actions">
            {waiting && (
              <span className="marketing-busy">
                <span className="spinner spinner--inline" aria-hidden="true" />
                Waiting for delivery reports…
              </span>
            )}
            <button
              type="button"
              className="btn btn--secondary marketing-small-btn"
              onClick={() => void history.refetch()}
              disabled={history.isFetching}
            >
              Refresh
            </button>
          </div>
        )
      }
    >
      {body}
      {history.data && <StatusLog events={history.data.statusLog} />}
    </MarketingCard>
  );
}
