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

/** The list's search, filters and page, read from and written to the address (spec 001 §2 Orders). */
export function useOrderListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readOrderListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: OrderListPatch, options: UpdateOptions = {}) =>
      setSearchParams((current) => updateOrderListSearch(current, patch), { replace: options.replace }),
    [setSearchParams],
  );
  const toggleQuick = useCallback(
    (quick: QuickFilter) => setSearchParams((current) => toggleQuickFilter(current, quick)),
    [setSearchParams],
  );
  const clear = useCallback(
    () => setSearchParams((current) => clearOrderFilters(current)),
    [setSearchParams],
  );

  return { params, update, toggleQuick, clear };
}
