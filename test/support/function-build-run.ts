/**
 * The shared build of the functions (test/support/function-build.ts): the build itself, and what the CDK tests
 * take from it. Run as a script (`tsx test/support/function-build-run.ts <folder>`) it builds into that folder:
 * the global setup runs it so, in a child process, and jest's own process stays free to schedule tests meanwhile.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { buildFunctions } from '../../infra/build-functions';
import { routes, schedules, streamConsumers, subscribers, workers } from '../../shared/routes';
import { errorFileOf, FUNCTIONS_BUILD_DIR, functionBuildDir, isBuilt, METAFILE } from './function-build';

/**
 * Builds every function into `dir`, through a temporary folder renamed at the end (so `dir` never holds half a
 * build), and keeps the newest few builds. A failure leaves its reason in `<dir>.error` for whoever waits.
 */
export function buildInto(dir: string): Metafile {
  const cacheDir = path.dirname(dir);
  mkdirSync(cacheDir, { recursive: true });
  rmSync(errorFileOf(dir), { force: true });
  const building = path.join(cacheDir, `building-${process.pid}-${Date.now()}`);
  try {
    const metafile = buildFunctions(building);
    writeFileSync(path.join(building, METAFILE), JSON.stringify(metafile));
    try {
      renameSync(building, dir);
    } catch (error) {
      // Another run built the same sources meanwhile: theirs is as good as ours.
      if (!isBuilt(dir)) throw error;
    }
    prune(cacheDir, dir);
    return metafile;
  } catch (error) {
    writeFileSync(errorFileOf(dir), error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Keeps the newest few builds: switching branches back and forth stays fast without filling the disk. */
function prune(cacheDir: string, keep: string): void {
  const old = readdirSync(cacheDir)
    .map((name) => path.join(cacheDir, name))
    .filter((file) => file !== keep && !path.basename(file).startsWith('building-'))
    .map((file) => ({ file, mtime: statSync(file).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { file } of old.slice(3)) rmSync(file, { recursive: true, force: true });
}

export interface FunctionBuild {
  /** `<dir>/<key>/index.js` for every row of the real tables. */
  dir: string;
  metafile: Metafile;
}

/**
 * The shared build, for a CDK test: waits for the one the run's global setup started (FUNCTIONS_BUILD_DIR), or
 * builds the current sources now when no run started one.
 */
export async function sharedFunctionBuild(timeoutMs = 600_000): Promise<FunctionBuild> {
  const started = process.env[FUNCTIONS_BUILD_DIR];
  const dir = started ?? functionBuildDir();
  if (!started && !isBuilt(dir)) buildInto(dir);
  const deadline = Date.now() + timeoutMs;
  while (!isBuilt(dir)) {
    if (existsSync(errorFileOf(dir))) throw new Error(readFileSync(errorFileOf(dir), 'utf8'));
    if (Date.now() > deadline) throw new Error(`The functions' build in ${dir} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { dir, metafile: JSON.parse(readFileSync(path.join(dir, METAFILE), 'utf8')) as Metafile };
}

const realRows: Record<string, { handler: string }> = {
  ...routes,
  ...workers,
  ...schedules,
  ...subscribers,
  ...streamConsumers,
};

/**
 * A functions folder for tables of a test's own (the real rows plus probes), laid out from the shared build: each
 * key gets the bundle of a real row with the same handler (a bundle depends on its handler entry only).
 */
export function functionsFolderFor(
  build: FunctionBuild,
  rows: Record<string, { handler: string }>,
  into: string,
): string {
  const keyOfHandler = new Map(Object.entries(realRows).map(([key, row]) => [row.handler, key] as const));
  for (const [key, row] of Object.entries(rows)) {
    const source = realRows[key]?.handler === row.handler ? key : keyOfHandler.get(row.handler);
    if (!source)
      throw new Error(`No function of the real tables has the handler of "${key}" (${row.handler})`);
    cpSync(path.join(build.dir, source), path.join(into, key), { recursive: true });
  }
  return into;
}

// Works both as ESM (tsx) and as the CommonJS jest transforms it to.
const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  try {
    buildInto(path.resolve(process.argv[2] ?? functionBuildDir()));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
