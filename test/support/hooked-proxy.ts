/**
 * A proxy in front of an emulator that tells a hook about each exchange: the cost meter (test/bench/
 * cost-meter.ts) and the table-access recorder (table-access-recorder.ts) watch the functions' AWS calls
 * through it.
 */
import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { forwardRequest, listen, type NodeEnv, relay, type Upstream } from '../../infra/local/http.js';

/** What a hooked proxy does with each request besides passing it on (all optional). */
export interface RequestHook {
  /** The path sent on; the client's by default. */
  path?(req: IncomingMessage): string;
  /** The body sent on; the client's by default. */
  rewrite?(req: IncomingMessage, body: Buffer): Buffer;
  /** Sees each exchange once the answer is whole. Should it throw, the client is answered all the same. */
  seen?(req: IncomingMessage, body: Buffer, answer: Upstream): void;
  /** Sends the client's Host header on (see forwardRequest). */
  keepHost?: boolean;
}

/**
 * A proxy on a free local port in front of `upstream` that reads each request whole, forwards it (forwardRequest)
 * and relays the answer, telling `hook` about it. An upstream that cannot be reached is a 502
 * naming the proxy.
 */
export async function startHookedProxy(
  upstream: string,
  name: string,
  hook: RequestHook,
): Promise<{ origin: string; close(): Promise<void> }> {
  const target = new URL(upstream);
  const app = new Hono<NodeEnv>();
  app.all('*', async (c) => {
    const req = c.env.incoming;
    const received = Buffer.from(await c.req.arrayBuffer());
    const body = hook.rewrite?.(req, received) ?? received;
    let answer: Upstream;
    try {
      answer = await forwardRequest(
        target,
        c.req.method,
        hook.path?.(req) ?? req.url ?? '/',
        req.headers,
        body,
        hook.keepHost,
      );
    } catch (error) {
      return c.text(`${name}: ${(error as Error).message}`, 502);
    }
    try {
      hook.seen?.(req, body, answer);
    } catch {
      // What the hook could not read changes nothing for the client.
    }
    return relay(answer, c.req.method);
  });
  const { origin, close } = await listen(app, { port: 0, name });
  return { origin, close };
}
