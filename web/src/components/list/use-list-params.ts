import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface UpdateOptions {
  /** Typing replaces the history entry instead of adding one per pause. */
  replace?: boolean;
}

/**
 * The address as it is now. The router renders a navigation inside a transition, so the search params of the
 * last render can lag behind the address; a second change made before that render (a quick status pick, then
 * a date) must build on the first one, not undo it.
 */
const liveSearch = () => new URLSearchParams(window.location.search);

/**
 * A list's search, filters and page, read from and written to the address, so a reload, Back or a shared link
 * shows the same list. `read` turns the address into the list's params (unknown values to their defaults);
 * `write` makes the next address from the current one and a change. `apply` runs any other change of the
 * address (Clear filters, a quick filter's toggle).
 */
export function useListParams<Params, Patch>(
  read: (search: URLSearchParams) => Params,
  write: (current: URLSearchParams, patch: Patch) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => read(searchParams), [read, searchParams]);
  const update = useCallback(
    (patch: Patch, options: UpdateOptions = {}) =>
      setSearchParams(write(liveSearch(), patch), { replace: options.replace }),
    [setSearchParams, write],
  );
  const apply = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => setSearchParams(change(liveSearch())),
    [setSearchParams],
  );
  return { params, update, apply };
}

/** What a detail page's Back link returns to: the list as it was filtered when the row was opened. */
export interface ListReturnState {
  listSearch: string;
}

/** The navigation state a row's link carries, read when it is followed or drawn. */
export const listReturnState = (): ListReturnState => ({ listSearch: window.location.search });

/** A detail page's way back: the list with the filters it was opened from, else the plain list. */
export function listReturnHref(listPath: string, state: unknown): string {
  const search = (state as Partial<ListReturnState> | null)?.listSearch;
  return typeof search === 'string' ? `${listPath}${search}` : listPath;
}
