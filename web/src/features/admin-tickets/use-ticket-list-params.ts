import {
  clearTicketSearch,
  readTicketListParams,
  type TicketListPatch,
  updateTicketListSearch,
} from '@shared/rules/admin-ticket-filters';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address as it is now: the router renders a navigation inside a transition, so the search params of the
 * last render can lag behind; a second change made before that render must build on the first.
 */
const liveSearch = () => new URLSearchParams(window.location.search);

/** The tickets list's tag, search, 'Search in', status and page, read from and written to the address. */
export function useTicketListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readTicketListParams(searchParams), [searchParams]);
  const update = useCallback(
    (patch: TicketListPatch) => setSearchParams(updateTicketListSearch(liveSearch(), patch)),
    [setSearchParams],
  );
  const clear = useCallback(() => setSearchParams(clearTicketSearch(liveSearch())), [setSearchParams]);
  return { params, update, clear };
}
