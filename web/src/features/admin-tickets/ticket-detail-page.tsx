import { adminTicketMessages as m } from '@shared/messages';
import { formatDateTime } from '@shared/rules/date-format';
import { type AdminTicketDetail, isTicketNumber } from '@shared/schemas/admin-ticket';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { AlertIcon, ArrowLeftIcon } from '../../components/icons';
import { listReturnHref } from '../../components/list/use-list-params';
import { StatePanel } from '../../components/state-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { isApiError } from '../../lib/api-client';
import { TICKET_DETAIL_RETRIES, useAdminTicket } from './api/get-ticket';
import { TicketStatusBadge, TicketTagBadge } from './components/ticket-badges';
import { TicketStatusButton } from './components/ticket-status-button';
import './tickets.css';

function BackLink() {
  // Back to the list as it was filtered when the ticket was opened from it.
  return (
    <Link to={listReturnHref('/admin/support', useLocation().state)} className="ticket-detail__back">
      <ArrowLeftIcon size={18} />
      {m.back}
    </Link>
  );
}

function LoadProblem({ title, detail, onRetry }: { title: string; detail?: string; onRetry?: () => void }) {
  return (
    <div className="ticket-detail" data-testid="ticket-load-problem">
      <BackLink />
      <StatePanel icon={<AlertIcon size={32} />} title={title} headingLevel={1} tone="error">
        {detail && <p>{detail}</p>}
        {onRetry && (
          <div className="button-row button-row--center">
            <button type="button" className="btn btn--primary" onClick={onRetry}>
              Try Again
            </button>
          </div>
        )}
      </StatePanel>
    </div>
  );
}

function Loading({ attempt }: { attempt: number }) {
  return (
    <div className="ticket-detail">
      <BackLink />
      <div className="loading-state" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Loading ticket...</p>
        {attempt > 0 && <p className="ticket-detail__attempt">{m.attempt(attempt, TICKET_DETAIL_RETRIES)}</p>}
      </div>
    </div>
  );
}

function TicketView({ ticket }: { ticket: AdminTicketDetail }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="ticket-detail" data-testid="ticket-detail">
      <BackLink />
      <header className="card ticket-detail__header">
        <div>
          <h1>{m.detailTitle}</h1>
          <p className="ticket-detail__number">{m.ticketHeading(ticket.ticketNumber)}</p>
        </div>
        <div className="ticket-detail__badges">
          <TicketTagBadge tag={ticket.tag} />
          <TicketStatusBadge status={ticket.status} testId="ticket-status-badge" />
        </div>
        <TicketStatusButton
          ticket={ticket}
          long
          onFailure={() => setFailed(true)}
          onSuccess={() => setFailed(false)}
        />
      </header>
      <div className="tickets-notice-region" aria-live="assertive">
        {failed && (
          <div className="tickets-notice" role="alert">
            <p>{m.statusFailed}</p>
          </div>
        )}
      </div>
      <div className="ticket-detail__grid">
        <section className="card ticket-detail__panel" aria-labelledby="ticket-contact">
          <h2 id="ticket-contact">{m.contactInformation}</h2>
          <dl className="ticket-detail__facts">
            <div>
              <dt>Email</dt>
              <dd>{ticket.email ? <a href={`mailto:${ticket.email}`}>{ticket.email}</a> : '—'}</dd>
            </div>
            <div>
              <dt>Name</dt>
              <dd>{ticket.name || '—'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{ticket.phone ? <a href={`tel:${ticket.phone}`}>{ticket.phone}</a> : '—'}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>
                <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd>
                <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
              </dd>
            </div>
          </dl>
        </section>
        <section className="card ticket-detail__panel" aria-labelledby="ticket-message">
          <h2 id="ticket-message">{m.message}</h2>
          <h3 className="ticket-detail__subject">{ticket.subject}</h3>
          {/* Text, never HTML: React escapes it, and CSS keeps its line breaks. */}
          <p className="ticket-detail__message" data-testid="ticket-message">
            {ticket.message}
          </p>
        </section>
      </div>
    </div>
  );
}

/** `/admin/support/{ticketNumber}` (spec 001 §2 'Ticket detail'). */
export function TicketDetailPage() {
  const { ticketNumber = '' } = useParams();
  usePageTitle(ticketNumber ? m.ticketHeading(ticketNumber) : m.detailTitle);
  const query = useAdminTicket(ticketNumber);

  if (!ticketNumber) return <LoadProblem title={m.noTicketNumber} />;
  if (!isTicketNumber(ticketNumber)) return <LoadProblem title={m.notFound} />;
  // Also while Try Again runs its attempts again (the query keeps its error until one succeeds).
  if (query.isPending || (query.isFetching && !query.data)) return <Loading attempt={query.failureCount} />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return notFound ? (
      <LoadProblem title={m.notFound} onRetry={() => void query.refetch()} />
    ) : (
      <LoadProblem title={m.detailError} detail={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  return <TicketView ticket={query.data} />;
}
