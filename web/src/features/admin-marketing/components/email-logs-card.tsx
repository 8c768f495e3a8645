import { adminEmailMessages as m } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import type { EmailLogRow } from '@shared/schemas/admin-email';
import type { ReactNode } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { useEmailLogs } from '../api/list-email-logs';
import { LoadFailed } from './load-failed';
import { MarketingCard } from './marketing-card';

const LABEL: Record<EmailLogRow['status'], string> = {
  sent: 'Sent',
  failed: 'Failed',
  bounced: 'Bounced',
  complained: 'Complained',
  skipped: 'Skipped',
};

/** Spec 001 §2: green for sent, red otherwise; the word and the reason say it without the colour. */
function EmailStatus({ row }: { row: EmailLogRow }) {
  return (
    <span className="marketing-status">
      <span className={`status-badge status-badge--${row.status === 'sent' ? 'completed' : 'cancelled'}`}>
        {LABEL[row.status]}
      </span>
      {row.error && <span className="marketing-status__error">{row.error}</span>}
    </span>
  );
}

/** Spec 001 §2 Recent Emails: the last 10 (recipient, subject, status, sent at). */
export function EmailLogsCard() {
  const logs = useEmailLogs();

  let body: ReactNode;
  if (logs.isPending) body = <LoadingState message="Loading emails..." />;
  else if (logs.isError) body = <LoadFailed title={m.logsLoadFailed} query={logs} />;
  else if (logs.data.length === 0) body = <p className="admin-empty">{m.logsEmpty}</p>;
  else
    body = (
      <div className="admin-table-scroll">
        <table className="admin-table marketing-table" data-testid="email-logs">
          <caption className="visually-hidden">{m.logsTitle}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Recipient</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Sent at</th>
            </tr>
          </thead>
          <tbody>
            {logs.data.map((row) => (
              <tr key={row.id}>
                <td data-label="Recipient" className="marketing-table__wrap">
                  {row.recipient}
                </td>
                <td data-label="Subject" className="marketing-table__message">
                  {row.subject}
                </td>
                <td data-label="Status">
                  <EmailStatus row={row} />
                </td>
                <td data-label="Sent at" className="admin-table__nowrap">
                  <time dateTime={row.sentAt}>{formatDateTime(row.sentAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <MarketingCard
      id="email-logs"
      title={m.logsTitle}
      actions={
        logs.data && (
          <button
            type="button"
            className="btn btn--secondary marketing-small-btn"
            onClick={() => void logs.refetch()}
            disabled={logs.isFetching}
          >
            Refresh
          </button>
        )
      }
    >
      {body}
    </MarketingCard>
  );
}
