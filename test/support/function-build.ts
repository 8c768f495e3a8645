/**
 * One esbuild run of every function per test run, shared by the CDK tests and the local stack's synth.
 *
 * The build goes to `dist/functions-build/<hash>`, the hash taken over everything the bundles are made from
 * (functions/, shared/, the bundler's own files, the lock file): a folder that exists holds exactly the bundles
 * these sources give, so a run with the same sources as an earlier one builds nothing. The test run's global
 * setup starts the build in the background (`startFunctionBuild`) and names its folder in FUNCTIONS_BUILD_DIR;
 * the CDK tests wait for it (`sharedFunctionBuild`, test/support/function-build-run.ts), and the local stack's
 * `createApp` takes its bundles from there (infra/app.ts) instead of bundling again.
 *
 * This file is loaded by jest's own process (global setup, runner): it imports nothing of the repository, whose
 * `.js` import specifiers only jest's module mapper and tsx resolve. The build itself runs in a child process.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The environment variable naming the shared build's folder (read by infra/app.ts too). */
export const FUNCTIONS_BUILD_DIR = 'FUNCTIONS_BUILD_DIR';

// Loaded as CommonJS by jest; the build script (function-build-run.ts) runs under tsx.
const here = typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
const BUILD_SCRIPT = path.join(here, 'function-build-run.ts');

export const METAFILE = 'metafile.json';
/** Bump when what the bundles are made from changes beyond the lists below. */
const VERSION = '1';
const SOURCE_DIRS = ['functions', 'shared'];
const SOURCE_FILES = [
  'infra/build-functions.ts',
  'infra/bundle.ts',
  'build/pure-schemas.ts',
  'package-lock.json',
  'tsconfig.json',
];

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(file) : [file];
  });
}

/** The folder the build of the current sources goes to. */
export function functionBuildDir(root = repoRoot): string {
  const hash = createHash('sha256').update(`${VERSION}\0`);
  const files = [
    ...SOURCE_DIRS.flatMap((dir) => listFiles(path.join(root, dir))),
    ...SOURCE_FILES.map((file) => path.join(root, file)),
  ].sort();
  for (const file of files) {
    hash.update(`${path.relative(root, file)}\0`);
    if (existsSync(file)) hash.update(readFileSync(file));
    hash.update('\0');
  }
  return path.join(root, 'dist', 'functions-build', hash.digest('hex').slice(0, 16));
}

/** Where a failed build leaves its reason, for whoever waits for it. */
export const errorFileOf = (dir: string) => `${dir}.error`;
export const isBuilt = (dir: string) => existsSync(path.join(dir, METAFILE));

declare global {
  var __FUNCTION_BUILD__: { dir: string; done: Promise<void> } | undefined;
}

/**
 * Starts the build of the current sources in a child process, unless it is built already (or this process has
 * started it), and names its folder in FUNCTIONS_BUILD_DIR for the processes started from here on.
 */
export function startFunctionBuild(): { dir: string; done: Promise<void> } {
  if (globalThis.__FUNCTION_BUILD__) return globalThis.__FUNCTION_BUILD__;
  const dir = functionBuildDir();
  process.env[FUNCTIONS_BUILD_DIR] = dir;
  const done = isBuilt(dir)
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), BUILD_SCRIPT, dir],
          { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on('error', reject);
        child.on('exit', (code) => {
          if (code === 0 && isBuilt(dir)) resolve();
          else reject(new Error(`Bundling the functions failed:\n${stderr.slice(-4000) || `exit ${code}`}`));
        });
      });
  // Whoever needs the build awaits `done`; a failure must not also end jest as an unhandled rejection.
  done.catch(() => {});
  globalThis.__FUNCTION_BUILD__ = { dir, done };
  return globalThis.__FUNCTION_BUILD__;
}
