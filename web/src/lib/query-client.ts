import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Retries after a transient failure: the network, or the server's own (5xx). */
export const TRANSIENT_RETRIES = 2;

/**
 * A failure worth asking again: no answer (network) or a server error. A 4xx is the server's answer (invalid
 * input, not found, expired link, refused, rate limited) and asking again only repeats it; neither does an
 * answer that breaks the contract, nor an error of our own code, mend itself.
 */
export const isTransient = (error: unknown): boolean =>
  isApiError(error) && (error.status === 0 || error.status >= 500);

/** A `retry` option: up to `max` retries, after transient failures only. */
export const retryTransient =
  (max = TRANSIENT_RETRIES) =>
  (failures: number, error: unknown): boolean =>
    isTransient(error) && failures < max;

/** A query's data is fresh this long: a remount or a quick back-and-forth does not ask again. */
export const DEFAULT_STALE_MS = 5_000;

/**
 * One client for the app, and the one place its defaults are set: queries retry transient failures twice
 * (never a 4xx), stay fresh 5 s and are not refetched on window focus; mutations are never retried (a second
 * POST could repeat what the first did). A query states only where it differs (the catalogue's refresh, the
 * ticket page's spec'd retries).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryTransient(), staleTime: DEFAULT_STALE_MS, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
