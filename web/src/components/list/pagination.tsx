import { ORDER_PAGE_SIZES } from '@shared/constants';
import { pageCount, pageItems } from '@shared/rules/paging';
import { SelectField } from '../form/field';
import './list.css';

interface PaginationProps {
  /** What the list holds, capitalised and plural: 'Orders' gives 'Orders per page' and 'Orders pages'. */
  noun: string;
  page: number;
  pageSize: number;
  /** 'Showing X–Y of N <noun>' for the page on screen (the previous one while the next loads). */
  summary: string | null;
  /** Every item matching the filters, as the server counted them. */
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The page sizes offered: the orders' and customers' unless given. */
  sizes?: readonly number[];
}

/**
 * 'Showing X–Y of N <noun>', the page size, and previous / numbered / next pages. Previous and Next stay
 * focusable at the ends (aria-disabled): a disabled button would drop keyboard focus to the page.
 */
export function Pagination({
  noun,
  page,
  pageSize,
  summary,
  total,
  onPage,
  onPageSize,
  sizes = ORDER_PAGE_SIZES,
}: PaginationProps) {
  const count = pageCount(total, pageSize);

  return (
    <div className="admin-pagination">
      <p className="admin-pagination__summary" role="status">
        {summary ?? ''}
      </p>
      <SelectField
        options={sizes}
        label={`${noun} per page`}
        layout="inline"
        className="admin-pagination__size"
        labelClassName="admin-pagination__size-label"
        controlClassName="admin-pagination__size-select"
        value={String(pageSize)}
        onChange={(event) => onPageSize(Number(event.target.value))}
      />
      {(count > 1 || page > 1) && (
        <nav className="admin-pagination__pages" aria-label={`${noun} pages`}>
          <button
            type="button"
            className="admin-page-button"
            onClick={() => page > 1 && onPage(page - 1)}
            aria-disabled={page <= 1}
          >
            Previous<span className="visually-hidden"> page</span>
          </button>
          <ul>
            {pageItems(Math.min(page, count), count).map((item, index) =>
              item === 'gap' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity; at most two, in fixed places.
                <li key={`gap-${index}`} className="admin-pagination__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    className="admin-page-button"
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
            className="admin-page-button"
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
