import { TICKET_PAGE_SIZES } from '@shared/constants';
import { adminTicketMessages as m } from '@shared/messages';
import { emptyTicketsText } from '@shared/rules/admin-ticket-filters';
import { showingLine } from '@shared/rules/paging';
import { type ReactNode, useRef, useState } from 'react';
import { Pagination } from '../../components/admin/pagination';
import { AlertIcon, CloseIcon } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { useAdminTickets } from './api/list-tickets';
import { TicketsList } from './components/tickets-list';
import { TicketsToolbar } from './components/tickets-toolbar';
import { useTicketListParams } from './use-ticket-list-params';
import './tickets.css';

const NOUN = ['ticket', 'tickets'] as const;

/** The back office's support tickets (spec 001 §2 'Support tickets list'). */
export function TicketsPage() {
  usePageTitle(m.title);
  const { params, update, clear } = useTicketListParams();
  const tickets = useAdminTickets(params);
  const [failed, setFailed] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);

  const data = tickets.data;
  const refreshing = tickets.isFetching && !tickets.isPending;
  const onStatusFailure = () => setFailed(true);

  let body: ReactNode;
  if (tickets.isPending) {
    body = <LoadingState message={m.loading} />;
  } else if (tickets.isError) {
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={m.error(tickets.error.message)} tone="error">
        <button type="button" className="btn btn--secondary" onClick={() => tickets.refetch()}>
          Try Again
        </button>
      </StatePanel>
    );
  } else if (!data || data.tickets.length === 0) {
    body = <p className="tickets-empty">{emptyTicketsText(params.tag, m)}</p>;
  } else {
    body = (
      <TicketsList
        tickets={data.tickets}
        caption={`Support tickets, page ${data.page}`}
        onStatusFailure={onStatusFailure}
      />
    );
  }

  return (
    <div className="tickets-page">
      <header className="tickets-page__header">
        <h1>{m.title}</h1>
        <p className="tickets-page__total" data-testid="tickets-total">
          {data ? m.totalTickets(data.totalTickets) : '\u00a0'}
        </p>
        {refreshing && (
          <span className="tickets-page__busy">
            <span className="spinner spinner--inline" aria-hidden="true" />
            Updating…
          </span>
        )}
      </header>

      <TicketsToolbar params={params} update={update} clear={clear} />

      <div className="tickets-notice-region" aria-live="assertive">
        {failed && (
          <div className="tickets-notice" role="alert">
            <p>{m.statusFailed}</p>
            <button
              type="button"
              className="icon-button"
              aria-label="Dismiss message"
              onClick={() => setFailed(false)}
            >
              <CloseIcon size={18} />
            </button>
          </div>
        )}
      </div>

      <section
        ref={resultsRef}
        className={refreshing ? 'tickets-results is-refreshing' : 'tickets-results'}
        aria-label="Ticket list"
        aria-busy={refreshing}
      >
        {body}
      </section>

      {data && !tickets.isError && (
        <Pagination
          noun="Tickets"
          page={params.page}
          pageSize={params.pageSize}
          sizes={TICKET_PAGE_SIZES}
          summary={showingLine(data.page, data.pageSize, data.tickets.length, data.total, NOUN)}
          total={data.total}
          onPage={(page) => {
            update({ page });
            resultsRef.current?.scrollIntoView({ block: 'start' });
          }}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      )}
    </div>
  );
}
