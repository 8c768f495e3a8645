import { startLocalStackInBackground } from './support/background-stack';

/**
 * The integration and e2e projects' setup: starts one local stack (test profile: its own ports, in-memory
 * DynamoDB, fresh data) in the background and returns at once. The runner (test/runner.ts) waits for it before
 * the first file of those projects and hands its URLs to them through LOCAL_STACK.
 */
export default async function globalSetup(): Promise<void> {
  startLocalStackInBackground();
}
