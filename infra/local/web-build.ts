/** Builds the web app when `dist/web` is missing or older than its sources. */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stripAnsi } from './errors.js';

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export type WebBuildOutcome = 'fresh' | 'built' | { failed: string };

/** `fresh` when the build is up to date; otherwise runs `vite build` and reports how it went. */
export async function ensureWebBuild(options: {
  root: string;
  webRoot: string;
  logFile: string;
}): Promise<WebBuildOutcome> {
  const config = join(options.root, 'web', 'vite.config.ts');
  const index = join(options.webRoot, 'index.html');
  if (existsSync(index)) {
    const builtAt = statSync(index).mtimeMs;
    const sources = Math.max(
      newestMtime(join(options.root, 'web')),
      newestMtime(join(options.root, 'shared')),
    );
    if (sources <= builtAt) return 'fresh';
  }
  const log = createWriteStream(options.logFile, { flags: 'w' });
  const vite = join(options.root, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--config', config], {
    cwd: options.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  await new Promise<void>((resolve) => log.end(resolve));
  if (code === 0 && existsSync(index)) return 'built';
  const lines = readFileSync(options.logFile, 'utf8').trim().split('\n');
  const reason =
    lines.filter((line) => /error/i.test(line)).slice(-1)[0] ?? lines.slice(-1)[0] ?? `exit code ${code}`;
  return { failed: stripAnsi(reason).trim().slice(0, 300) };
}
