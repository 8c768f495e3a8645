import { formatDateTime } from '@shared/rules/date-format';
import type { AdminTicketRow } from '@shared/schemas/admin-ticket';
import { Link } from 'react-router';
import { type CardLayout, type Column, DataTable, type RowLink } from '../../../components/list/data-table';
import { listReturnState } from '../../../components/list/use-list-params';
import { TicketStatusBadge, TicketTagBadge } from './ticket-badges';
import { TicketStatusButton } from './ticket-status-button';

export const adminTicketHref = (ticketNumber: string): string =>
  `/admin/support/${encodeURIComponent(ticketNumber)}`;
/** The ticket's detail; its Back link returns to this list as filtered now. */
const ticketLink = (t: AdminTicketRow): RowLink => ({
  to: adminTicketHref(t.ticketNumber),
  state: listReturnState(),
});

interface TicketsListProps {
  tickets: readonly AdminTicketRow[];
  caption: string;
  onStatusFailure: () => void;
}

const numberLink = (t: AdminTicketRow) => (
  <Link {...ticketLink(t)} className="admin-table__mono admin-table__nowrap">
    {t.ticketNumber}
  </Link>
);
const created = (t: AdminTicketRow) => <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>;
/** The e-mail opens the mail program, not the ticket. */
const mailLink = (t: AdminTicketRow) =>
  t.email ? (
    <a href={`mailto:${t.email}`} className="list-cell__break">
      {t.email}
    </a>
  ) : null;

/**
 * The tickets as a table where there is room, as cards where there is not. The row or card opens the ticket on
 * a click; for the keyboard its ticket number is the link.
 */
export function TicketsList({ tickets, caption, onStatusFailure }: TicketsListProps) {
  const columns: ReadonlyArray<Column<AdminTicketRow>> = [
    { key: 'number', header: 'Ticket Number', rowHeader: true, cell: numberLink },
    { key: 'date', header: 'Date', className: 'admin-table__nowrap', cell: created },
    { key: 'name', header: 'Name', cell: (t) => t.name },
    { key: 'email', header: 'Email', cell: mailLink },
    { key: 'subject', header: 'Subject', cell: (t) => t.subject },
    { key: 'tag', header: 'Tag', cell: (t) => <TicketTagBadge tag={t.tag} /> },
    { key: 'status', header: 'Status', cell: (t) => <TicketStatusBadge status={t.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => <TicketStatusButton ticket={t} onFailure={onStatusFailure} />,
    },
  ];
  const card: CardLayout<AdminTicketRow> = {
    title: numberLink,
    meta: created,
    lines: [
      (t) => <span className="list-cell__primary">{t.subject}</span>,
      (t) => (
        <>
          <span>{t.name}</span>
          {mailLink(t)}
        </>
      ),
    ],
    badges: ['tag', 'status'],
    actions: (t) => <TicketStatusButton ticket={t} long onFailure={onStatusFailure} />,
  };
  return (
    <DataTable
      rows={tickets}
      rowKey={(t) => t.ticketNumber}
      columns={columns}
      card={card}
      caption={caption}
      rowLink={ticketLink}
    />
  );
}
