import { useDeferredValue } from 'react';

/**
 * A query's data through a deferred copy: when it arrives (or changes), React renders what it feeds (a list
 * of cards, a table of orders) in slices between which the browser stays responsive (a transition), not in one
 * long task. `pending` stays true until that first render is done, so the page keeps its loading state.
 */
export function useDeferredData<T>(
  data: T | undefined,
  isPending: boolean,
): { data: T | undefined; pending: boolean } {
  const deferred = useDeferredValue(data);
  return { data: deferred, pending: isPending || (deferred === undefined && data !== undefined) };
}
