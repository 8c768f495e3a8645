/**
 * A stand-in for Have I Been Pwned's range API (k-anonymity: the browser sends the first 5 hex characters of a
 * password's SHA-1 and gets back every known suffix with that prefix), served by the local site at
 * `/__local/breach/range/<prefix>`. It knows only the fixture passwords, and can be told to fail or to hang so
 * the sign-in form's "a failure counts as not breached" path can be exercised.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { NodeEnv } from '../local/http.js';
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

  /** `GET /<prefix>`, mounted by the local site under `/__local/breach/range`. */
  readonly routes = new Hono<NodeEnv>()
    .get('/:prefix', async (c) => {
      const send = (status: 200 | 400 | 503 | 504, text: string) =>
        c.text(text, status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      if (this.current === 'hang' && !(await this.hold(c.env.incoming)))
        return send(504, 'The breach-range service did not answer in time');
      if (this.current === 'fail') return send(503, 'Service unavailable');
      const prefix = c.req.param('prefix');
      if (!PREFIX.test(prefix)) return send(400, 'The hash prefix was not in a valid format');
      const padding = (c.req.header('add-padding') ?? '').toLowerCase() === 'true';
      return send(200, rangeLines(prefix, padding).join('\r\n'));
    })
    .all('/:prefix', (c) =>
      c.text('Method not allowed', 405, {
        allow: 'GET, HEAD',
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      }),
    );

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
