import { formatDateTime } from '@shared/rules/date-format';
import type { AdminTicketRow } from '@shared/schemas/admin-ticket';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { TicketStatusBadge, TicketTagBadge } from './ticket-badges';
import { TicketStatusButton } from './ticket-status-button';

export const adminTicketHref = (ticketNumber: string): string =>
  `/admin/support/${encodeURIComponent(ticketNumber)}`;

/** What the detail's Back link returns to: this list as filtered now. */
export interface TicketLinkState {
  listSearch: string;
}

interface TicketsListProps {
  tickets: AdminTicketRow[];
  caption: string;
  onStatusFailure: () => void;
}

/** A click on the row or card itself opens the ticket; a click on a link or button inside it is theirs. */
const fromControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, select, textarea') !== null;

function MailLink({ email }: { email: string }) {
  return email ? (
    <a href={`mailto:${email}`} className="tickets-table__email" onClick={(event) => event.stopPropagation()}>
      {email}
    </a>
  ) : null;
}

/**
 * The tickets as a table where there is room, as cards where there is not (a container query shows one; the
 * other is display:none, so neither assistive technology nor the keyboard meets a ticket twice). The row or
 * card opens the ticket on a click; for the keyboard its ticket number is the link.
 */
export function TicketsList({ tickets, caption, onStatusFailure }: TicketsListProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const state: TicketLinkState = { listSearch: search };
  const open = (event: MouseEvent, ticketNumber: string) => {
    if (!fromControl(event)) navigate(adminTicketHref(ticketNumber), { state });
  };
  const numberLink = (ticketNumber: string) => (
    <Link to={adminTicketHref(ticketNumber)} state={state} className="tickets-table__number">
      {ticketNumber}
    </Link>
  );

  return (
    <>
      <div className="tickets-table-wrap">
        <table className="tickets-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Ticket Number</th>
              <th scope="col">Date</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Subject</th>
              <th scope="col">Tag</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((t) => (
              <tr
                key={t.ticketNumber}
                className="tickets-table__row"
                onClick={(e) => open(e, t.ticketNumber)}
              >
                <th scope="row">{numberLink(t.ticketNumber)}</th>
                <td className="tickets-table__date">
                  <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
                </td>
                <td>{t.name}</td>
                <td>
                  <MailLink email={t.email} />
                </td>
                <td className="tickets-table__subject">{t.subject}</td>
                <td>
                  <TicketTagBadge tag={t.tag} />
                </td>
                <td>
                  <TicketStatusBadge status={t.status} />
                </td>
                <td>
                  <TicketStatusButton ticket={t} onFailure={onStatusFailure} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="ticket-cards" aria-label={caption}>
        {tickets.map((t) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's ticket number is its keyboard link.
          <li key={t.ticketNumber} className="ticket-card" onClick={(e) => open(e, t.ticketNumber)}>
            <div className="ticket-card__head">
              <h2 className="ticket-card__number">{numberLink(t.ticketNumber)}</h2>
              <time className="ticket-card__date" dateTime={t.createdAt}>
                {formatDateTime(t.createdAt)}
              </time>
            </div>
            <p className="ticket-card__subject">{t.subject}</p>
            <p className="ticket-card__contact">
              <span>{t.name}</span>
              <MailLink email={t.email} />
            </p>
            <div className="ticket-card__badges">
              <TicketTagBadge tag={t.tag} />
              <TicketStatusBadge status={t.status} />
            </div>
            <TicketStatusButton ticket={t} long className="ticket-card__action" onFailure={onStatusFailure} />
          </li>
        ))}
      </ul>
    </>
  );
}
