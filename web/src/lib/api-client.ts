import { authMessages } from '@shared/messages';
import type { RouteDef } from '@shared/route-def';
import { ZErrorResponse } from '@shared/schemas/common';
import type * as z from 'zod/mini';
import { ApiError, isApiError } from './api-error';

export { ApiError, isApiError };

type PartInput<R, K extends string> = R extends Record<K, infer S extends z.ZodMiniType> ? z.input<S> : never;

/** Only the parts a route declares can be passed, typed by its schemas. */
export type RequestOptions<R extends RouteDef> = {
  params?: PartInput<R['request'], 'params'>;
  query?: PartInput<R['request'], 'query'>;
  body?: PartInput<R['request'], 'body'>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Gives the current ID token (refreshed when due), or null when nobody is signed in. */
export type AdminTokenProvider = () => Promise<string | null>;

// The back office registers these from its own lazy chunk, so the public bundle never carries the auth
// library: this client only knows that an admin route needs a bearer token and whom to tell when it is refused.
let adminToken: AdminTokenProvider | null = null;
let onAdminSessionLost: (() => void) | null = null;

export function setAdminTokenProvider(provider: AdminTokenProvider | null): void {
  adminToken = provider;
}

/** Called when an admin route answers 401: the session is gone (signed out elsewhere, refresh refused). */
export function setAdminSessionLostHandler(handler: (() => void) | null): void {
  onAdminSessionLost = handler;
}

const sessionLost = (): ApiError => {
  onAdminSessionLost?.();
  return new ApiError(401, 'UNAUTHORIZED', authMessages.required);
};

/** `/api/products/{id}` with `{ id }` gives `/api/products/<id>`. */
export function buildPath(pattern: string, params: Record<string, unknown> = {}): string {
  return pattern.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${key}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

function withQuery(path: string, query: unknown): string {
  if (!query || typeof query !== 'object') return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one way the web talks to the API: the caller passes the route table's row it calls (imported from its
 * own file in shared/routes), which gives method, path and the response schema, so a caller gets typed,
 * validated data or an ApiError carrying the server's status and message. Importing the row, not naming it,
 * keeps each route's schemas in the chunk of the page that calls it: a first visit builds only its own.
 */
export async function apiRequest<R extends RouteDef>(
  route: R,
  options: RequestOptions<R> = {},
): Promise<z.output<R['response']>> {
  const url = withQuery(buildPath(route.path, options.params as Record<string, unknown>), options.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method: route.method, headers, signal: options.signal };
  if (route.auth === 'admin') {
    const token = await (adminToken?.() ?? Promise.resolve(null)).catch(() => null);
    if (!token) throw sessionLost();
    headers.Authorization = `Bearer ${token}`;
  }
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network request failed');
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && route.auth === 'admin') throw sessionLost();
    const parsed = ZErrorResponse.safeParse(payload);
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError(response.status, code, message, fields, retryAfterSeconds);
    }
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      response.statusText || `Request failed (${response.status})`,
    );
  }

  const result = (route.response as z.ZodMiniType).safeParse(payload);
  if (!result.success)
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'Unexpected response from server');
  return result.data as z.output<R['response']>;
}
