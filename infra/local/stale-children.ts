/**
 * The emulators' child processes across runs: their pids are recorded, so a run that was killed hard does not
 * leave emulators holding the ports for the next one.
 */
import { existsSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import type { ChildEmulator, Emulator } from './emulators.js';

/** Child pids of a run, so a run that was killed hard does not leave emulators holding the ports. */
export function recordChildren(file: string, emulators: readonly Emulator[]): void {
  const pids = emulators.flatMap((e) =>
    'child' in e && (e as ChildEmulator).child.pid ? [(e as ChildEmulator).child.pid] : [],
  );
  writeFileSync(file, `${JSON.stringify({ runner: process.pid, children: pids })}\n`);
}

/**
 * Ends emulator processes a previous run left behind (it was killed without a chance to clean up): only pids
 * that run recorded, whose command line is still one of our emulators and which belong to this data folder.
 */
export function reapStaleChildren(file: string, dataDir: string): void {
  if (!existsSync(file)) return;
  try {
    const { runner, children: pids } = JSON.parse(readFileSync(file, 'utf8')) as {
      runner: number;
      children: number[];
    };
    if (isAlive(runner)) return;
    for (const pid of pids) {
      const cmdline = readCmdline(pid);
      const ours = /DynamoDBLocal\.jar|cognito-local|aws-ses-v2-local/.test(cmdline);
      if (ours && (cmdline.includes(dataDir) || readCwd(pid).startsWith(dataDir)))
        process.kill(pid, 'SIGKILL');
    }
  } catch {
    // nothing to reap
  }
}

/** What `read` answers, or `fallback` when it throws (a process that has gone, a file that is not there). */
function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

const readCwd = (pid: number) => attempt(() => readlinkSync(`/proc/${pid}/cwd`), '');
const isAlive = (pid: number) => attempt(() => process.kill(pid, 0), false);
const readCmdline = (pid: number) =>
  attempt(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '), '');
