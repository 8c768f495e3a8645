import {
  type CustomerListPatch,
  clearCustomerFilters,
  readCustomerListParams,
  updateCustomerListSearch,
} from '@shared/rules/admin-customer-filters';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface UpdateOptions {
  /** Typing replaces the history entry instead of adding one per pause. */
  replace?: boolean;
}

/**
 * The address as it is now: the router renders a navigation inside a transition, so the search params of the
 * last render can lag behind; a second change made before that render must build on the first.
 */
const liveSearch = () => new URLSearchParams(window.location.search);

/** The customers list's search, filters and page, read from and written to the address. */
export function useCustomerListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readCustomerListParams(searchParams), [searchParams]);
  const update = useCallback(
    (patch: CustomerListPatch, options: UpdateOptions = {}) =>
      setSearchParams(updateCustomerListSearch(liveSearch(), patch), { replace: options.replace }),
    [setSearchParams],
  );
  const clear = useCallback(() => setSearchParams(clearCustomerFilters(liveSearch())), [setSearchParams]);
  return { params, update, clear };
}
