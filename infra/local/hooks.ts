/**
 * The runner's one opening for measuring tools that live with their users, not in the runner: the bench's cost
 * meter (test/bench/cost-meter.ts) and the tests' table-access recorder (test/support/table-access-recorder.ts).
 * LOCAL_STACK_HOOKS names a module whose default export makes the hooks; without it nothing here runs.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LocalStackError } from './errors.js';
import type { LocalControl } from './gateway.js';
import type { InvocationObserver } from './lambdas.js';
import type { Endpoints } from './sdk.js';
import type { CfnTemplate } from './template/intrinsics.js';

export const HOOKS_ENV = 'LOCAL_STACK_HOOKS';

/** What the functions are started with: the name the product knows them by, and their environment. */
export interface HookedFunction {
  /** The function's key in the route table (`getProduct`), else its logical id without CDK's hash. */
  key: string;
  label: string;
  memoryMb: number;
  env: Record<string, string>;
}

export interface LocalStackHooks {
  /** The AWS endpoints the functions and the queue pollers reach, in place of the emulators' own. */
  endpoints?(endpoints: Endpoints): Endpoints;
  /** Variables added to one function's environment (e.g. an endpoint of its own). */
  functionEnv?(fn: HookedFunction): Record<string, string>;
  /** Told of each invocation of the function. */
  observer?(fn: HookedFunction): InvocationObserver | undefined;
  /** Local switches served at `POST /__local/<name>`. */
  controls?: Record<string, LocalControl>;
  close?(): Promise<void>;
}

export type HooksFactory = (stack: {
  template: CfnTemplate;
  endpoints: Endpoints;
}) => Promise<LocalStackHooks>;

/** The hooks LOCAL_STACK_HOOKS names (a module path, relative to the working folder), or none. */
export async function loadHooks(stack: Parameters<HooksFactory>[0]): Promise<LocalStackHooks> {
  const path = process.env[HOOKS_ENV];
  if (!path) return {};
  let factory: unknown;
  try {
    factory = ((await import(pathToFileURL(resolve(path)).href)) as { default?: unknown }).default;
  } catch (error) {
    throw new LocalStackError(`${HOOKS_ENV}=${path} could not be loaded: ${(error as Error).message}`);
  }
  if (typeof factory !== 'function')
    throw new LocalStackError(`${HOOKS_ENV}=${path} has no default export making the hooks`);
  return (factory as HooksFactory)(stack);
}
