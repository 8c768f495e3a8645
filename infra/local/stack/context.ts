/**
 * What the phases of `startLocalStack` (stack-runner.ts) share: the start context every phase receives, the
 * functions the functions phase starts (which the gateway, pollers and schedules invoke), where the repository
 * and the built site are, and the local secret files.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalStackError } from '../errors.js';
import type { LocalFunction, LogSink } from '../lambdas.js';
import type { PortMap, Profile } from '../ports.js';
import type { Endpoints } from '../sdk.js';
import type { LocalStackOptions } from '../stack-runner.js';
import type { LocalNaming } from '../template/intrinsics.js';

/** What every phase knows before anything starts. */
export interface StartContext {
  options: LocalStackOptions;
  profile: Profile;
  stage: string;
  ports: PortMap;
  endpoints: Endpoints;
  naming: LocalNaming;
  dataDir: string;
  logsDir: string;
  log: LogSink;
  files: { pids: string; secrets: string; signingSecrets: string; payoutKey: string };
  /** Stops a start-up that was aborted; with LOCAL_DEBUG, logs how long it took to get here. */
  checkpoint(name: string): void;
  /** Told when any function's invocation ends (the stream pollers read the stream then). */
  afterInvocation: Set<() => void>;
}

/** The running functions by their logical id. */
export type Functions = Map<string, LocalFunction>;

/** The running function a route, event source, schedule or subscription (`what`) invokes. */
export function runnable(functions: Functions, functionLogicalId: string, what: string): LocalFunction {
  const fn = functions.get(functionLogicalId);
  if (!fn) throw new LocalStackError(`${what} has no runnable function`);
  return fn;
}

// Works as ESM (tsx) and as the CommonJS jest transforms it to.
const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
export const REPO_ROOT = resolve(dirname(thisFile), '..', '..', '..');
/** The built site: the provisioning phase builds it, the gateway serves it. */
export const WEB_ROOT = join(REPO_ROOT, 'dist', 'web');

/**
 * One key of a local secret file, read when needed so hand edits apply without a restart: the test servers
 * sign with them, functions' secret references resolve to them, the gateway adds the origin secret from them.
 */
export function readLocalSecret(file: string, key: string): string | undefined {
  try {
    const value = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[key];
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    return undefined;
  }
}
