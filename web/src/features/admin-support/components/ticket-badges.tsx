import type { TicketStatus, TicketTag } from '@shared/constants';
import { statusLabel } from '@shared/rules/admin-order-forms';

/** 'Support' or 'Lead'; the word carries the meaning, the colour only helps (every pair at least 4.5:1). */
export function TicketTagBadge({ tag }: { tag: TicketTag }) {
  return <span className={`status-badge ticket-badge--${tag}`}>{statusLabel(tag)}</span>;
}

/** The capitalised status (spec 001 §2): 'Open' or 'Closed'. */
export function TicketStatusBadge({ status, testId }: { status: TicketStatus; testId?: string }) {
  return (
    <span className={`status-badge ticket-badge--${status}`} data-testid={testId}>
      {statusLabel(status)}
    </span>
  );
}
