/**
 * The local stack of a test run, started in the background by the global setup and awaited by the runner
 * (test/runner.ts) before the first file that needs it: the unit and infra files run meanwhile. The state lives
 * on jest's own global object, which the global setup, the runner and the global teardown share.
 */
import type { ChildProcess } from 'node:child_process';
import { startFunctionBuild } from './function-build';
import { type LocalStackInfo, startLocalStackProcess, stopLocalStackProcess } from './local-stack-process';

declare global {
  var __LOCAL_STACK__: ChildProcess | undefined;
  var __LOCAL_STACK_STARTING__: Promise<LocalStackInfo> | undefined;
}

/** Starts the functions' build (the stack's synth takes its bundles), then the stack; returns at once. */
export function startLocalStackInBackground(): void {
  // A stack started by hand (LOCAL_STACK set), or one this process has started already.
  if (process.env.LOCAL_STACK || globalThis.__LOCAL_STACK_STARTING__) return;
  const starting = startFunctionBuild()
    .done.then(() => startLocalStackProcess())
    .then(({ info, child }) => {
      globalThis.__LOCAL_STACK__ = child;
      return info;
    });
  // Awaited by the runner; until then a failure must not end jest as an unhandled rejection.
  starting.catch(() => {});
  globalThis.__LOCAL_STACK_STARTING__ = starting;
}

/** Waits for the stack and hands its URLs to the test files run after this (through LOCAL_STACK). */
export async function waitForLocalStack(): Promise<void> {
  if (process.env.LOCAL_STACK || !globalThis.__LOCAL_STACK_STARTING__) return;
  process.env.LOCAL_STACK = JSON.stringify(await globalThis.__LOCAL_STACK_STARTING__);
}

export async function stopLocalStack(): Promise<void> {
  await globalThis.__LOCAL_STACK_STARTING__?.catch(() => undefined);
  globalThis.__LOCAL_STACK_STARTING__ = undefined;
  const child = globalThis.__LOCAL_STACK__;
  globalThis.__LOCAL_STACK__ = undefined;
  if (child) await stopLocalStackProcess(child);
}
