import { TICKET_PAGE_SIZES } from '@shared/constants';
import { adminTicketMessages as m } from '@shared/messages';
import {
  clearTicketSearch,
  emptyTicketsText,
  readTicketListParams,
  updateTicketListSearch,
} from '@shared/rules/admin-ticket-filters';
import { useState } from 'react';
import { ListPage, serverPaging } from '../../components/list/list-page';
import { useListParams } from '../../components/list/use-list-params';
import { usePageTitle } from '../../hooks/use-page-title';
import { useAdminTickets } from './api/list-tickets';
import { TicketsList } from './components/tickets-list';
import { TicketsToolbar } from './components/tickets-toolbar';
import './tickets.css';

const NOUN = ['ticket', 'tickets'] as const;

/** The back office's support tickets (spec 001 §2 'Support tickets list'). */
export function TicketsPage() {
  usePageTitle(m.title);
  const { params, update, apply } = useListParams(readTicketListParams, updateTicketListSearch);
  const tickets = useAdminTickets(params);
  const [failed, setFailed] = useState(false);
  const data = tickets.data;

  return (
    <ListPage
      title={m.title}
      count={
        <p className="list-page__count" data-testid="tickets-total">
          {data ? m.totalTickets(data.totalTickets) : '\u00a0'}
        </p>
      }
      label="Ticket list"
      query={tickets}
      rows={data?.tickets}
      loading={m.loading}
      empty={{ title: emptyTicketsText(params.tag, m), plain: true }}
      failed={{ title: m.error(tickets.error?.message ?? '') }}
      notice={failed ? { tone: 'error', text: m.statusFailed } : null}
      onDismissNotice={() => setFailed(false)}
      toolbar={<TicketsToolbar params={params} update={update} clear={() => apply(clearTicketSearch)} />}
      paging={
        data &&
        serverPaging(data, data.tickets.length, params, update, {
          noun: 'Tickets',
          words: NOUN,
          sizes: TICKET_PAGE_SIZES,
        })
      }
    >
      {(rows) => (
        <TicketsList
          tickets={rows}
          caption={`Support tickets, page ${data?.page ?? params.page}`}
          onStatusFailure={() => setFailed(true)}
        />
      )}
    </ListPage>
  );
}
