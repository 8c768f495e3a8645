import { showingLine } from '@shared/rules/paging';
import { type ComponentProps, type ReactNode, useRef } from 'react';
import { useDeferredData } from '../../hooks/use-deferred-data';
import { isApiError } from '../../lib/api-error';
import { AlertIcon, BoxIcon, CloseIcon } from '../icons';
import { LoadingState } from '../loading-state';
import { StatePanel } from '../state-panel';
import { Pagination } from './pagination';
import './list.css';

/** A message about what was just done on the list (a status saved, a product deleted). */
export interface ListNotice {
  tone: 'success' | 'error';
  text: string;
}

/** The parts of a list's query the page reads (a TanStack Query result). */
export interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface StateText {
  title: string;
  hint?: string;
}

/** Paging under a list: the Pagination's props, its page change also bringing the results back into view. */
export type ListPaging = Omit<ComponentProps<typeof Pagination>, 'onPage'> & {
  onPage: (page: number) => void;
};

/**
 * The paging of a list the server pages: its answer (page, size, total) and the number of rows it sent, and the
 * address's page and size, which a change writes back through `update` (useListParams). `noun` names the list
 * in the paging ('Customers'), `words` in the summary (['customer', 'customers']; orders by default).
 */
export function serverPaging(
  answer: { page: number; pageSize: number; total: number },
  shown: number,
  params: { page: number; pageSize: number },
  update: (patch: { page?: number; pageSize?: number }) => void,
  names: { noun: string; words?: readonly [string, string]; sizes?: readonly number[] },
): ListPaging {
  return {
    noun: names.noun,
    sizes: names.sizes,
    page: params.page,
    pageSize: params.pageSize,
    summary: showingLine(answer.page, answer.pageSize, shown, answer.total, names.words),
    total: answer.total,
    onPage: (page) => update({ page }),
    onPageSize: (pageSize) => update({ pageSize }),
  };
}

interface ListPageProps<Row> {
  /** The page's heading (h1). */
  title: string;
  /** Beside the heading: how many there are in all ('Total Tickets: 12'). */
  count?: ReactNode;
  /** At the header's end: the page's own buttons (Add Product). */
  actions?: ReactNode;
  /** Search and filters (ListToolbar). */
  toolbar?: ReactNode;
  notice?: ListNotice | null;
  onDismissNotice?: () => void;
  /** The results region's name ('Order list'). */
  label: string;
  query: ListQuery;
  /** The rows on this page; undefined until the first answer. */
  rows: readonly Row[] | undefined;
  /** 'Loading orders...' */
  loading: string;
  /** Nothing matches; `plain` shows the title as a line of text, not a panel with an icon. */
  empty: StateText & { plain?: boolean };
  /** The list could not load: offered again with Try Again (or `retry`, the button's own words). */
  failed: StateText & { retry?: string };
  /** The server refused the search or a filter (400): its message with this hint, and no Try Again. */
  refusedHint?: string;
  /** At the top of the results: what the search matched ('Showing 3 of 57 products'). */
  summary?: ReactNode;
  /** Paging under the results, once they have loaded; a page change scrolls back to their top. */
  paging?: ListPaging;
  /** The rows, drawn (a DataTable). */
  children: (rows: readonly Row[]) => ReactNode;
}

/**
 * A back-office list page: the heading (with a count, 'Updating…' while a page loads behind the one on screen,
 * and the page's buttons), the toolbar, a notice, the results (loading, refused, failed, empty or the rows) in a
 * region announced busy while it refreshes, and the paging.
 */
export function ListPage<Row>(props: ListPageProps<Row>) {
  const { query, paging } = props;
  // The rows through a deferred copy: a new page is drawn in slices between which the browser stays responsive.
  const { data: rows, pending } = useDeferredData(props.rows, query.isPending);
  const refreshing = query.isFetching && !query.isPending;
  const resultsRef = useRef<HTMLElement>(null);
  const refused = isApiError(query.error) && query.error.status === 400 && props.refusedHint !== undefined;
  const failed = query.isError || (!pending && !rows);

  let body: ReactNode;
  if (pending) {
    body = <LoadingState message={props.loading} />;
  } else if (refused && isApiError(query.error)) {
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={query.error.message} tone="error">
        <p>{props.refusedHint}</p>
      </StatePanel>
    );
  } else if (failed || !rows) {
    body = (
      <StatePanel icon={<AlertIcon size={32} />} title={props.failed.title} tone="error">
        {props.failed.hint && <p>{props.failed.hint}</p>}
        <button type="button" className="btn btn--secondary" onClick={() => query.refetch()}>
          {props.failed.retry ?? 'Try Again'}
        </button>
      </StatePanel>
    );
  } else if (rows.length === 0) {
    body = props.empty.plain ? (
      <p className="list-empty">{props.empty.title}</p>
    ) : (
      <StatePanel icon={<BoxIcon size={32} />} title={props.empty.title}>
        {props.empty.hint && <p>{props.empty.hint}</p>}
      </StatePanel>
    );
  } else {
    body = props.children(rows);
  }

  return (
    <div className="list-page">
      <header className="list-page__header">
        <h1>{props.title}</h1>
        {props.count}
        {refreshing && (
          <span className="list-page__busy">
            <span className="spinner spinner--inline" aria-hidden="true" />
            Updating…
          </span>
        )}
        {props.actions && <div className="list-page__actions">{props.actions}</div>}
      </header>

      {props.toolbar}

      {props.onDismissNotice && (
        <div aria-live="polite">
          {props.notice && (
            <div
              className={`admin-notice admin-notice--${props.notice.tone}`}
              role={props.notice.tone === 'error' ? 'alert' : undefined}
            >
              <p>{props.notice.text}</p>
              <button
                type="button"
                className="icon-button"
                aria-label="Dismiss message"
                onClick={props.onDismissNotice}
              >
                <CloseIcon size={18} />
              </button>
            </div>
          )}
        </div>
      )}

      <section
        ref={resultsRef}
        className={refreshing ? 'list-results is-refreshing' : 'list-results'}
        aria-label={props.label}
        aria-busy={refreshing}
      >
        {props.summary !== undefined && (
          <p className="list-results__summary" aria-live="polite">
            {props.summary}
          </p>
        )}
        {body}
      </section>

      {paging && !pending && !failed && !refused && (
        <Pagination
          {...paging}
          onPage={(page) => {
            paging.onPage(page);
            resultsRef.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
    </div>
  );
}
