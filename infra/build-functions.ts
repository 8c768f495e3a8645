import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, Metafile } from 'esbuild';
import {
  type RouteDef,
  routes as routeTable,
  type ScheduleDef,
  type StreamConsumerDef,
  type SubscriberDef,
  schedules as scheduleTable,
  streamConsumers as streamConsumerTable,
  subscribers as subscriberTable,
  type WorkerDef,
  workers as workerTable,
} from '../shared/routes.js';
import type { BundleRequest } from './bundle.js';

// Works both as ESM (tsx, the CDK CLI) and as the CommonJS jest transforms it to.
const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
export const repoRoot = path.resolve(path.dirname(thisFile), '..');

export interface BuildFunctionsOptions {
  routes?: Record<string, RouteDef>;
  workers?: Record<string, WorkerDef>;
  schedules?: Record<string, ScheduleDef>;
  subscribers?: Record<string, SubscriberDef>;
  streamConsumers?: Record<string, StreamConsumerDef>;
  /** Folder holding the handler entries; `functions/` of this repository unless told. */
  sourceDir?: string;
}

/** Maps every route and worker key to its handler entry, refusing a key used twice or a missing file. */
export function functionEntries(options: BuildFunctionsOptions = {}): Record<string, string> {
  const sourceDir = path.resolve(repoRoot, options.sourceDir ?? 'functions');
  const rows = [
    ...Object.entries(options.routes ?? routeTable),
    ...Object.entries(options.workers ?? workerTable),
    ...Object.entries(options.schedules ?? scheduleTable),
    ...Object.entries(options.subscribers ?? subscriberTable),
    ...Object.entries(options.streamConsumers ?? streamConsumerTable),
  ];
  const entries: Record<string, string> = {};
  const missing: string[] = [];
  for (const [key, row] of rows) {
    if (entries[key])
      throw new Error(
        `"${key}" is used twice (routes, workers, schedules, subscribers and stream consumers share one key space): each function needs its own key.`,
      );
    const entry = path.join(sourceDir, `${row.handler}.ts`);
    if (!existsSync(entry)) missing.push(`${key}: ${path.relative(repoRoot, entry)}`);
    entries[key] = entry;
  }
  if (missing.length > 0) throw new Error(`Handler entries not found:\n  ${missing.join('\n  ')}`);
  return entries;
}

/** How a Lambda is bundled; the bench builds its bare-SDK baseline with the same options. */
export const lambdaBundleOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  minify: true,
  sourcemap: false,
  // The SDK is bundled rather than taken from the runtime so the version is the one we test with, and its
  // ES module builds tree-shake far better than the CommonJS ones (about a third smaller here).
  mainFields: ['module', 'main'],
  legalComments: 'none',
} satisfies BuildOptions;

/** Runs infra/bundle.ts in a child process and gives its metafile; its errors are thrown here. */
function runBundler(request: BundleRequest): Metafile {
  const work = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  try {
    const requestFile = path.join(work, 'request.json');
    const metafileFile = path.join(work, 'metafile.json');
    writeFileSync(requestFile, JSON.stringify(request));
    const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const bundler = path.join(repoRoot, 'infra', 'bundle.ts');
    const run = spawnSync(process.execPath, [tsx, bundler, requestFile, metafileFile], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    if (run.status !== 0) {
      throw new Error(
        `Bundling the functions failed:\n${run.stderr || run.error?.message || `exit ${run.status}`}`,
      );
    }
    if (run.stderr) process.stderr.write(run.stderr);
    return JSON.parse(readFileSync(metafileFile, 'utf8')) as Metafile;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Bundles every function into `<outdir>/<key>/index.js`, the folder the stack hands to Lambda as its code.
 * One esbuild run for all of them keeps a deploy (and every synth) to a few seconds. It runs in a child
 * process (infra/bundle.ts): the plugin that leaves unused schemas out needs esbuild's asynchronous API.
 */
export function buildFunctions(outdir = 'dist/functions', options: BuildFunctionsOptions = {}): Metafile {
  const out = path.resolve(repoRoot, outdir);
  const entries = functionEntries(options);
  const metafile = runBundler({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([key, entry]) => [`${key}/index`, entry])),
    outdir: out,
  });
  for (const key of Object.keys(entries)) {
    const dir = path.join(out, key);
    mkdirSync(dir, { recursive: true });
    // The repository is `"type": "module"`: without this marker Node (the local runner, anything loading the
    // bundle from inside the repo or cdk.out) would read the CommonJS bundle as ESM. Lambda ignores it.
    writeFileSync(path.join(dir, 'package.json'), '{"type":"commonjs"}\n');
  }
  return metafile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  try {
    const metafile = buildFunctions(process.argv[2]);
    for (const [file, output] of Object.entries(metafile.outputs)) {
      console.log(`${file}  ${(output.bytes / 1024).toFixed(1)} KB`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
