import { ORDER_PAGE_SIZES } from '@shared/constants';
import { pageCount, pageItems } from '@shared/rules/admin-order-filters';
import { useId } from 'react';

interface PaginationProps {
  page: number;
  pageSize: number;
  /** 'Showing X–Y of N orders' for the page on screen (the previous one while the next loads). */
  summary: string | null;
  /** Every order matching the filters, as the server counted them. */
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * 'Showing X–Y of N orders', the page size, and previous / numbered / next pages. Previous and Next stay
 * focusable at the ends (aria-disabled): a disabled button would drop keyboard focus to the page.
 */
export function Pagination({ page, pageSize, summary, total, onPage, onPageSize }: PaginationProps) {
  const sizeId = useId();
  const count = pageCount(total, pageSize);

  return (
    <div className="orders-pagination">
      <p className="orders-pagination__summary" role="status">
        {summary ?? ''}
      </p>
      <div className="orders-pagination__size">
        <label htmlFor={sizeId} className="orders-pagination__size-label">
          Orders per page
        </label>
        <select
          id={sizeId}
          className="orders-pagination__size-select"
          value={String(pageSize)}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {ORDER_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {(count > 1 || page > 1) && (
        <nav className="orders-pagination__pages" aria-label="Orders pages">
          <button
            type="button"
            className="orders-page-button"
            onClick={() => page > 1 && onPage(page - 1)}
            aria-disabled={page <= 1}
          >
            Previous<span className="visually-hidden"> page</span>
          </button>
          <ul>
            {pageItems(Math.min(page, count), count).map((item, index) =>
              item === 'gap' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity; at most two, in fixed places.
                <li key={`gap-${index}`} className="orders-pagination__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    className="orders-page-button"
                    aria-current={item === page ? 'page' : undefined}
                    onClick={() => onPage(item)}
                  >
                    <span className="visually-hidden">Page </span>
                    {item}
                  </button>
                </li>
              ),
            )}
          </ul>
          <button
            type="button"
            className="orders-page-button"
            onClick={() => page < count && onPage(page + 1)}
            aria-disabled={page >= count}
          >
            Next<span className="visually-hidden"> page</span>
          </button>
        </nav>
      )}
    </div>
  );
}
