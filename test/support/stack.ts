import type { LocalStackInfo } from './local-stack-process';

/** The running local stack, as global setup found it. */
export function stack(): LocalStackInfo {
  const raw = process.env.LOCAL_STACK;
  if (!raw) throw new Error('No local stack: run these tests through `npm test` (global setup starts one).');
  return JSON.parse(raw) as LocalStackInfo;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A request through the site origin, as the browser makes it (CloudFront routes /api/* to the HTTP API). */
export async function api<T = unknown>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const res = await fetch(`${stack().urls.site}${path}`, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body: body as T };
}
