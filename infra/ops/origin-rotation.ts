/**
 * Rotating the origin secret without refusing a request (`npm run ops -- rotate-origin-secret`). The API
 * accepts every value the secret lists (functions/lib/origin-secret.ts, cached ORIGIN_CACHE_MS per container);
 * CloudFront sends one. Four states, each read back from the secret and the distribution, so an interrupted
 * run is simply run again:
 *
 *   1. {current}                  CloudFront sends current  -> add `next`, wait until every container has it
 *   2. {current, next}            CloudFront sends current  -> CloudFront sends next, wait until deployed
 *   3. {current, next}            CloudFront sends next     -> next becomes current, the old one `previous`
 *   4. {current, previous}        CloudFront sends current  -> wait a margin, drop `previous`: done
 *
 * `originVerify` always ends equal to what CloudFront sends, so a later `cdk deploy` (whose distribution reads
 * that key by a dynamic reference) sends the same value.
 */
import { randomBytes } from 'node:crypto';
import { ORIGIN_CACHE_MS } from '../../functions/lib/origin-secret.js';
import type { OriginSecret } from '../../shared/schemas/origin-secret.js';

/** How long a container may still hold the secret as it was before a write, plus a margin. */
export const CACHE_WAIT_MS = ORIGIN_CACHE_MS + 30_000;
/** After CloudFront reports the new header deployed, before the old value stops being accepted. */
export const DRAIN_WAIT_MS = 60_000;

export interface OriginSecretStore {
  read(): Promise<OriginSecret>;
  /** Replaces the secret's JSON (keys this code does not know are kept by the caller's spread). */
  write(value: OriginSecret): Promise<void>;
}

/** The header CloudFront adds to the API origin's requests. */
export interface EdgeHeader {
  read(): Promise<string | undefined>;
  write(value: string): Promise<void>;
  /** Resolves once every edge location serves the distribution's latest configuration. */
  waitDeployed(): Promise<void>;
}

export interface RotationDeps {
  store: OriginSecretStore;
  edge: EdgeHeader;
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
  /** A new value: 48 random alphanumerics like the generated one (tests pass their own). */
  newValue?: () => string;
}

export type RotationState = 'start' | 'next-added' | 'edge-switched' | 'previous-kept';

export class RotationError extends Error {}

const generate = (): string => randomBytes(36).toString('base64url').replace(/[-_]/g, '').slice(0, 48);

/** Where a rotation stands, from the secret and what CloudFront sends. */
export function rotationState(secret: OriginSecret, sent: string | undefined): RotationState {
  const { originVerify: current, originVerifyNext: next, originVerifyPrevious: previous } = secret;
  if (!current) throw new RotationError('The origin secret has no originVerify value.');
  if (next && previous) throw new RotationError('The origin secret holds both a next and a previous value.');
  if (next && sent === next) return 'edge-switched';
  if (sent !== current) {
    throw new RotationError(
      'CloudFront sends a value the origin secret does not hold as current: fix the header or the secret by hand first.',
    );
  }
  if (next) return 'next-added';
  if (previous) return 'previous-kept';
  return 'start';
}

const describe: Record<RotationState, string> = {
  start: 'no rotation under way',
  'next-added': 'a next value is accepted; CloudFront still sends the current one',
  'edge-switched': 'CloudFront sends the next value; the secret still names the old one current',
  'previous-kept': 'CloudFront sends the new value; the old one is still accepted',
};

/** Runs the rotation to its end from wherever it stands; with `dryRun`, only says where that is. */
export async function rotateOriginSecret(deps: RotationDeps, dryRun = false): Promise<void> {
  const { store, edge, sleep, log } = deps;
  let state = rotationState(await store.read(), await edge.read());
  log(`Origin secret: ${describe[state]}.`);
  if (dryRun) return;
  for (;;) {
    const secret = await store.read();
    switch (state) {
      case 'start': {
        const next = (deps.newValue ?? generate)();
        await store.write({ ...secret, originVerifyNext: next });
        log(
          `Added the next value; waiting ${Math.round(CACHE_WAIT_MS / 1000)} s for every function to accept it.`,
        );
        await sleep(CACHE_WAIT_MS);
        state = 'next-added';
        break;
      }
      case 'next-added': {
        await edge.write(secret.originVerifyNext as string);
        log('CloudFront now sends the next value; waiting for the distribution to deploy.');
        await edge.waitDeployed();
        state = 'edge-switched';
        break;
      }
      case 'edge-switched': {
        await edge.waitDeployed();
        const { originVerifyNext: next, originVerify: old, ...rest } = secret;
        await store.write({ ...rest, originVerify: next, originVerifyPrevious: old });
        log('The new value is current; the old one stays accepted for a moment.');
        state = 'previous-kept';
        break;
      }
      case 'previous-kept': {
        await sleep(DRAIN_WAIT_MS);
        const { originVerifyPrevious: _old, ...rest } = secret;
        await store.write(rest);
        log('Done: only the new value is accepted.');
        return;
      }
    }
  }
}
