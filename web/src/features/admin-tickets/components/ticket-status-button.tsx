import { adminTicketMessages as m } from '@shared/messages';
import type { AdminTicketRow } from '@shared/schemas/admin-ticket';
import type { MouseEvent } from 'react';
import { useSetTicketStatus } from '../api/set-ticket-status';

interface TicketStatusButtonProps {
  ticket: Pick<AdminTicketRow, 'ticketNumber' | 'status'>;
  /** 'Close' / 'Reopen' in the table; 'Close Ticket' / 'Reopen Ticket' on cards and the detail. */
  long?: boolean;
  className?: string;
  onFailure: () => void;
  onSuccess?: () => void;
}

/** Closes an open ticket or reopens a closed one (spec 001 §4), at once. */
export function TicketStatusButton({
  ticket,
  long = false,
  className,
  onFailure,
  onSuccess,
}: TicketStatusButtonProps) {
  const mutation = useSetTicketStatus();
  const closing = ticket.status === 'open';
  const label = closing ? (long ? m.closeTicket : m.close) : long ? m.reopenTicket : m.reopen;

  const onClick = (event: MouseEvent) => {
    // The row or card around the button opens the ticket: this click is the button's alone.
    event.stopPropagation();
    if (mutation.isPending) return;
    mutation.mutate(
      { ticketNumber: ticket.ticketNumber, status: closing ? 'closed' : 'open' },
      { onError: onFailure, onSuccess },
    );
  };

  return (
    <button
      type="button"
      className={['btn', closing ? 'btn--secondary' : 'btn--primary', 'ticket-status-button', className]
        .filter(Boolean)
        .join(' ')}
      onClick={onClick}
      aria-disabled={mutation.isPending}
      aria-busy={mutation.isPending}
    >
      {mutation.isPending && <span className="spinner spinner--inline" aria-hidden="true" />}
      {label}
      {!long && <span className="visually-hidden"> ticket {ticket.ticketNumber}</span>}
    </button>
  );
}
