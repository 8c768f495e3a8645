import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalStack } from '../../infra/local/stack-runner';

/** What `infra/local/start.ts` prints once everything is up (the `LOCAL_STACK_READY {json}` line): the stack as JSON. */
export type LocalStackInfo = Omit<LocalStack, 'stop'>;

const READY = 'LOCAL_STACK_READY ';
// Loaded as CommonJS by jest and as an ES module by tsx (the bench).
const here = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** Starts the whole local stack as a child process (the same entry point as `npm start`). */
export function startLocalStackProcess(
  // Never the caller's port offset (one meant for `npm start`): the test profile keeps its own +100 ports,
  // unless TEST_PORT_OFFSET moves them (two test runs side by side on one machine).
  env: Record<string, string> = {
    LOCAL_PROFILE: 'test',
    LOCAL_PORT_OFFSET: process.env.TEST_PORT_OFFSET ?? '',
  },
  // Past the emulators' own wait (infra/local/emulators.ts START_TIMEOUT_MS), so theirs is the message a slow start ends with.
  timeoutMs = 240_000,
): Promise<{ info: LocalStackInfo; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'infra/local/start.ts')],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let output = '';
    const timer = setTimeout(() => {
      stopLocalStackProcess(child);
      reject(new Error(`Local stack did not start within ${timeoutMs / 1000}s:\n${output.slice(-4000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(READY));
      if (line) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining so the child never blocks on a full pipe.
        child.stdout?.on('data', () => {});
        child.stderr?.on('data', (c: Buffer) => {
          if (process.env.LOCAL_STACK_LOGS) process.stderr.write(c);
        });
        resolve({ info: JSON.parse(line.slice(READY.length)) as LocalStackInfo, child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Local stack exited with code ${code} before it was ready:\n${output.slice(-4000)}`));
    });
  });
}

/** SIGINT to the whole process group, as Ctrl-C would, then SIGKILL if it lingers. */
export async function stopLocalStackProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    return;
  }
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
}
