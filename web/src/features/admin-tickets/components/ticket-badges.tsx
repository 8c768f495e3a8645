import type { TicketStatus, TicketTag } from '@shared/constants';
import { statusLabel } from '@shared/rules/admin-order-forms';

/** The back office's badge tones (admin.css, each pair at least 4.5:1) that tickets borrow. */
const TONE: Record<TicketTag | TicketStatus, string> = {
  open: 'completed',
  closed: 'other',
  support: 'processing',
  lead: 'refunded',
};

/** 'Support' or 'Lead'; the word carries the meaning, the colour only helps (every pair at least 4.5:1). */
export function TicketTagBadge({ tag }: { tag: TicketTag }) {
  return <span className={`status-badge status-badge--${TONE[tag]}`}>{statusLabel(tag)}</span>;
}

/** The capitalised status (spec 001 §2): 'Open' or 'Closed'. */
export function TicketStatusBadge({ status, testId }: { status: TicketStatus; testId?: string }) {
  return (
    <span className={`status-badge status-badge--${TONE[status]}`} data-testid={testId}>
      {statusLabel(status)}
    </span>
  );
}
