import {
  clearOrderFilters,
  type OrderListPatch,
  type QuickFilter,
  readOrderListParams,
  toggleQuickFilter,
  updateOrderListSearch,
} from '@shared/rules/admin-order-filters';
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

/** The list's search, filters and page, read from and written to the address (spec 001 §2 Orders). */
export function useOrderListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readOrderListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: OrderListPatch, options: UpdateOptions = {}) =>
      setSearchParams(updateOrderListSearch(liveSearch(), patch), { replace: options.replace }),
    [setSearchParams],
  );
  const toggleQuick = useCallback(
    (quick: QuickFilter) => setSearchParams(toggleQuickFilter(liveSearch(), quick)),
    [setSearchParams],
  );
  const clear = useCallback(() => setSearchParams(clearOrderFilters(liveSearch())), [setSearchParams]);

  return { params, update, toggleQuick, clear };
}
