import { stopLocalStackProcess } from './support/local-stack-process';

export default async function globalTeardown(): Promise<void> {
  const child = globalThis.__LOCAL_STACK__;
  globalThis.__LOCAL_STACK__ = undefined;
  if (child) await stopLocalStackProcess(child);
}
