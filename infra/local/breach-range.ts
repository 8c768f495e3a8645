/**
 * A stand-in for Have I Been Pwned's range API (k-anonymity: the browser sends the first 5 hex characters of a
 * password's SHA-1 and gets back every known suffix with that prefix), served by the local site at
 * `/__local/breach/range/<prefix>`. It knows only the fixture passwords, and can be told to fail or to hang so
 * the sign-in form's "a failure counts as not breached" path can be exercised.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod/mini';
import { BREACHED_PASSWORDS } from './breach-fixtures.js';

export const ZBreachMode = z.object({ mode: z.enum(['ok', 'fail', 'hang']) });
export type BreachMode = z.infer<typeof ZBreachMode>['mode'];

/** How long a request is held in `hang` mode before it gives up (as CloudFront gives up on a slow origin). */
export const HANG_LIMIT_MS = 30_000;

const PREFIX = /^[0-9A-Fa-f]{5}$/;

export const sha1Hex = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

/** The answer lines for a prefix: `SUFFIX:COUNT`; with padding, count-0 lines up to 800-1000 in all. */
export function rangeLines(
  prefix: string,
  padding: boolean,
  fixtures: ReadonlyArray<{ password: string; count: number }> = BREACHED_PASSWORDS,
): string[] {
  const wanted = prefix.toUpperCase();
  const real = new Map<string, number>();
  for (const { password, count } of fixtures) {
    const hash = sha1Hex(password);
    if (hash.startsWith(wanted)) real.set(hash.slice(5), (real.get(hash.slice(5)) ?? 0) + count);
  }
  const lines = [...real].map(([suffix, count]) => `${suffix}:${count}`);
  if (padding) {
    const total = randomInt(800, 1001);
    const taken = new Set(real.keys());
    while (lines.length < total) {
      const suffix = randomBytes(18).toString('hex').slice(0, 35).toUpperCase();
      if (taken.has(suffix)) continue;
      taken.add(suffix);
      lines.push(`${suffix}:0`);
    }
  }
  // The real service lists suffixes in order, so padding is not told apart by its place in the list.
  return lines.sort();
}

export class BreachRangeService {
  private current: BreachMode = 'ok';
  private readonly waiting = new Set<() => void>();

  get mode(): BreachMode {
    return this.current;
  }

  setMode(mode: BreachMode): void {
    this.current = mode;
    if (mode !== 'hang') this.releaseAll();
  }

  /** Answers held requests (on a mode change, or when the site stops). */
  releaseAll(): void {
    for (const release of [...this.waiting]) release();
  }

  async handle(req: IncomingMessage, res: ServerResponse, prefix: string): Promise<void> {
    const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    const send = (status: number, text: string) => {
      if (res.destroyed || res.headersSent) return;
      const body = Buffer.from(text);
      res.writeHead(status, { ...headers, 'content-length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(405, 'Method not allowed');
    }
    if (this.current === 'hang') {
      const released = await this.hold(req);
      if (!released) return send(504, 'The breach-range service did not answer in time');
    }
    if (this.current === 'fail') return send(503, 'Service unavailable');
    if (!PREFIX.test(prefix)) return send(400, 'The hash prefix was not in a valid format');
    const padding = String(req.headers['add-padding'] ?? '').toLowerCase() === 'true';
    send(200, rangeLines(prefix, padding).join('\r\n'));
  }

  /** Resolves true once released, false after HANG_LIMIT_MS; a client that goes away simply stops waiting. */
  private hold(req: IncomingMessage): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (released: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(release);
        req.socket.off('close', gone);
        resolve(released);
      };
      const release = () => done(true);
      const gone = () => done(true);
      const timer = setTimeout(() => done(false), HANG_LIMIT_MS);
      timer.unref();
      this.waiting.add(release);
      req.socket.on('close', gone);
    });
  }
}
