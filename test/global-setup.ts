import type { ChildProcess } from 'node:child_process';
import { startLocalStackProcess } from './support/local-stack-process';

declare global {
  var __LOCAL_STACK__: ChildProcess | undefined;
}

/**
 * Starts one local stack (test profile: its own ports, in-memory DynamoDB, fresh data) for the integration
 * and e2e projects, and hands its URLs to the test workers through LOCAL_STACK.
 */
export default async function globalSetup(): Promise<void> {
  // Both projects name this setup: the second call finds the stack the first started (or one started by hand).
  if (process.env.LOCAL_STACK) return;
  const { info, child } = await startLocalStackProcess();
  globalThis.__LOCAL_STACK__ = child;
  process.env.LOCAL_STACK = JSON.stringify(info);
}
