import { randomInt } from 'node:crypto';
import { LOCAL_CLIENT_IP_HEADER } from '../../infra/local/events';
import { isExclusiveFile, laneOf, STACK_VARIABLE } from './exclusive';
import type { LocalStackInfo } from './local-stack-process';

/**
 * The running local stack of this test file: for an exclusive file (test/support/exclusive.ts), the stack the
 * runner gave it, else the exclusive files' own when the run started one; for the others, the one they share.
 */
export function stack(): LocalStackInfo {
  // Outside jest (the bench) there is no test file, and one stack.
  const file = typeof expect === 'undefined' ? undefined : expect.getState().testPath;
  const exclusive =
    file && isExclusiveFile(file) ? process.env[STACK_VARIABLE[laneOf(file) ?? 'exclusive']] : undefined;
  const raw = exclusive ?? process.env[STACK_VARIABLE.shared];
  if (!raw) throw new Error('No local stack: run these tests through `npm test` (global setup starts one).');
  return JSON.parse(raw) as LocalStackInfo;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A client address of its own (TEST-NET-2, 198.51.100.0/24, is too small: 10.0.0.0/8). */
export const newClientIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;

/** The header that makes a request come from `ip` (the test profile's local CloudFront honours it). */
export const asClient = (ip: string): Record<string, string> => ({ [LOCAL_CLIENT_IP_HEADER]: ip });

/**
 * A request through the site origin, as the browser makes it (CloudFront routes /api/* to the HTTP API). Each
 * request is a new client unless `init.headers` names one with `asClient` (a per-client limit's own test): the
 * suite's files share one stack, and their orders, tickets and lookups must not add up against one IP.
 */
export async function api<T = unknown>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const headers = new Headers(init.headers);
  if (!headers.has(LOCAL_CLIENT_IP_HEADER)) headers.set(LOCAL_CLIENT_IP_HEADER, newClientIp());
  return call(`${stack().urls.site}${path}`, { ...init, headers });
}

/** A request to the HTTP API's own endpoint, bypassing the (local) CloudFront: headers exactly as given. */
export const apiDirect = <T = unknown>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> =>
  call(`${stack().urls.apiDirect}${path.replace(/^\/api/, '')}`, init);

async function call<T>(url: string, init: RequestInit): Promise<ApiResponse<T>> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body: body as T };
}
