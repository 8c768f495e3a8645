/**
 * The local stacks of a test run, started in the background and awaited by the runner (test/runner.ts) before the
 * first file that needs one: the unit and infra files run meanwhile. The `shared` stack is started by the global
 * setup; the `exclusive` one, for the files marked `@local-stack exclusive` (test/support/exclusive.ts), by the
 * runner when such files run beside others. The state lives on jest's own global object, which the global setup,
 * the runner and the global teardown share.
 */
import type { ChildProcess } from 'node:child_process';
import { STACK_VARIABLE, type StackName } from './exclusive';
import { startFunctionBuild } from './function-build';
import { type LocalStackInfo, startLocalStackProcess, stopLocalStackProcess } from './local-stack-process';

/** The test profile's ports are shifted by TEST_PORT_OFFSET (100 unless set); the exclusive stack's 50 more. */
const portOffset = (name: StackName): string => {
  const base = process.env.TEST_PORT_OFFSET;
  if (name === 'shared') return base ?? '';
  return String((base === undefined || base === '' ? 100 : Number(base)) + 50);
};

interface Started {
  starting: Promise<LocalStackInfo>;
  child: Promise<ChildProcess>;
}

declare global {
  var __LOCAL_STACKS__: Partial<Record<StackName, Started>> | undefined;
}

const stacks = (): Partial<Record<StackName, Started>> => {
  globalThis.__LOCAL_STACKS__ ??= {};
  return globalThis.__LOCAL_STACKS__;
};

/** A stack started by hand (LOCAL_STACK set, and not by this process) serves every file. */
const startedByHand = () => Boolean(process.env[STACK_VARIABLE.shared]) && !stacks().shared;

/** Starts the functions' build (the stack's synth takes its bundles), then the stack; returns at once. */
export function startLocalStackInBackground(name: StackName = 'shared'): void {
  if (stacks()[name] || startedByHand()) return;
  const started = startFunctionBuild().done.then(() =>
    startLocalStackProcess({ LOCAL_PROFILE: 'test', LOCAL_PORT_OFFSET: portOffset(name) }),
  );
  const entry: Started = {
    starting: started.then(({ info }) => info),
    child: started.then(({ child }) => child),
  };
  // Awaited by the runner; until then a failure must not end jest as an unhandled rejection.
  entry.starting.catch(() => {});
  entry.child.catch(() => {});
  stacks()[name] = entry;
}

/**
 * Waits for the stack and names it in its variable for the test files started from here on. A stack started by
 * hand (LOCAL_STACK set before the run) stands in for both.
 */
export async function waitForLocalStack(name: StackName = 'shared'): Promise<void> {
  const variable = STACK_VARIABLE[name];
  if (process.env[variable]) return;
  if (startedByHand()) {
    process.env[variable] = process.env[STACK_VARIABLE.shared];
    return;
  }
  const started = stacks()[name];
  if (!started) return;
  process.env[variable] = JSON.stringify(await started.starting);
}

export async function stopLocalStack(): Promise<void> {
  const all = Object.values(stacks());
  globalThis.__LOCAL_STACKS__ = undefined;
  await Promise.all(
    all.map(async (started) => {
      const child = await started?.child.catch(() => undefined);
      if (child) await stopLocalStackProcess(child);
    }),
  );
}
