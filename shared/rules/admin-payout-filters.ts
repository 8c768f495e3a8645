import { PAYOUT_PAGE_SIZES } from '../schemas/receiving.js';

/**
 * The back office's payouts list keeps its search and page in the address, as the other lists do: a reload,
 * Back or a shared link gives the same list. The pure parts: address ↔ state ↔ API query.
 */

export const DEFAULT_PAYOUT_PAGE_SIZE = 25;

export interface PayoutListParams {
  q: string;
  page: number;
  pageSize: number;
}

export interface PayoutListPatch {
  q?: string | null;
  page?: number;
  pageSize?: number;
}

/** Unknown page and page size fall back to their defaults: a stale link still shows a list. */
export function readPayoutListParams(search: URLSearchParams): PayoutListParams {
  const page = Number((search.get('page') ?? '').trim());
  const pageSize = Number((search.get('pageSize') ?? '').trim());
  return {
    q: (search.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 && page <= 999_999 ? page : 1,
    pageSize: (PAYOUT_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_PAYOUT_PAGE_SIZE,
  };
}

/** The next address: empty values and defaults left out; a new search or page size goes back to page 1. */
export function updatePayoutListSearch(current: URLSearchParams, patch: PayoutListPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null | undefined) => {
    const v = value?.trim() ?? '';
    if (v) next.set(key, v);
    else next.delete(key);
  };
  if ('q' in patch) set('q', patch.q);
  if (patch.pageSize !== undefined)
    set('pageSize', patch.pageSize === DEFAULT_PAYOUT_PAGE_SIZE ? null : String(patch.pageSize));
  const reset = 'q' in patch || patch.pageSize !== undefined;
  if (reset) next.delete('page');
  else if (patch.page !== undefined) set('page', patch.page > 1 ? String(patch.page) : null);
  return next;
}

/** The API query for what the address says. */
export const toPayoutListQuery = (params: PayoutListParams) => ({
  ...(params.q ? { q: params.q } : {}),
  page: params.page,
  pageSize: params.pageSize,
});
