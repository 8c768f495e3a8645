import { TICKET_PAGE_SIZES } from '@shared/constants';
import { pageCount } from '@shared/rules/paging';
import { SelectField } from '../../../components/form/field';

interface TicketsPagerProps {
  page: number;
  pageSize: number;
  /** Tickets on the page on screen, and every ticket matching, as the server counted them. */
  shown: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * 'Showing X–Y of N tickets', the page size, and Previous / 'Page P of Q' / Next. The spec shows the whole list
 * at once; at 100,000 tickets it pages. Previous and Next stay focusable at the ends (aria-disabled).
 */
export function TicketsPager({ page, pageSize, shown, total, onPage, onPageSize }: TicketsPagerProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return (
    <div className="tickets-pager">
      <p className="tickets-pager__summary" role="status">
        {shown > 0 ? `Showing ${first}–${first + shown - 1} of ${total} tickets` : ''}
      </p>
      <SelectField
        options={TICKET_PAGE_SIZES}
        label="Tickets per page"
        layout="inline"
        className="tickets-pager__size"
        value={String(pageSize)}
        onChange={(e) => onPageSize(Number(e.target.value))}
      />
      {(pages > 1 || page > 1) && (
        <nav className="tickets-pager__pages" aria-label="Ticket pages">
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={page <= 1}
            onClick={() => page > 1 && onPage(Math.min(page - 1, pages))}
          >
            Previous<span className="visually-hidden"> page</span>
          </button>
          <span className="tickets-pager__position" aria-current="page">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={page >= pages}
            onClick={() => page < pages && onPage(page + 1)}
          >
            Next<span className="visually-hidden"> page</span>
          </button>
        </nav>
      )}
    </div>
  );
}
