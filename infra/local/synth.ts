/** Synthesizes the CDK app exactly as a deployment would, and finds each Lambda's bundle in the assembly. */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import { lock } from 'proper-lockfile';
import { LocalStackError } from './errors.js';
import { flattenNestedStacks } from './nested-stacks.js';
import type { CfnTemplate } from './template/intrinsics.js';
import type { LambdaDef } from './template/stack-model.js';

/** The part of `infra/app.ts` the runner uses. */
export interface AppFactory {
  createApp(options: { stage: string; outdir?: string; checks?: boolean }): {
    app: { synth(): unknown };
    stack: { artifactId: string; templateFile: string; stackName: string };
  };
}

export interface Synthesized {
  template: CfnTemplate;
  stackName: string;
  outdir: string;
  /** Asset object key (`<hash>.zip`, `<hash>.json`) -> absolute folder or file in the assembly. */
  assetDirs: Map<string, string>;
}

/** What a cached assembly needs to be read back without constructing the app. */
interface StackInfo {
  artifactId: string;
  templateFile: string;
  stackName: string;
}

const STACK_INFO = 'local-stack.json';

/** Bump when what the runner writes next to an assembly changes. */
const CACHE_VERSION = '1';

/** What the assembly does not depend on: the local stack itself. */
const NOT_THE_APP = ['infra/local/', 'infra/fakes/'];

/** The files below `dir` (relative to `root`), leaving out node_modules, dot files and folders, and NOT_THE_APP. */
const sourceFiles = (root: string, dir: string) =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !NOT_THE_APP.some((prefix) => path.startsWith(prefix)))
    .filter((path) => !path.split('/').some((part) => part === 'node_modules' || part.startsWith('.')));

/**
 * A hash of everything the synthesized assembly depends on: the CDK app and the function sources it bundles,
 * the shared code, the dependency lock and the stage. Equal hashes mean an equal assembly.
 */
export function assemblyFingerprint(root: string, stage: string): string {
  const hash = createHash('sha256').update(
    `${CACHE_VERSION}\0${stage}\0${existsSync(join(root, 'dist', 'web'))}\0`,
  );
  const files = [
    ...['infra', 'functions', 'shared'].flatMap((dir) => sourceFiles(root, dir)),
    ...['cdk.json', 'package.json', 'package-lock.json', 'tsconfig.json'],
  ].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function runSynth(factory: AppFactory, stage: string, outdir: string): StackInfo {
  rmSync(outdir, { recursive: true, force: true });
  try {
    // Not deployed: cdk-nag and the template validation run in the infra tests and on `cdk synth|deploy`.
    const { app, stack } = factory.createApp({ stage, outdir, checks: false });
    app.synth();
    const info = {
      artifactId: stack.artifactId,
      templateFile: stack.templateFile,
      stackName: stack.stackName,
    };
    writeFileSync(join(outdir, STACK_INFO), `${JSON.stringify(info)}\n`);
    // Bundles are CommonJS; the repository's package.json says "type": "module", which must not apply to them.
    writeFileSync(join(outdir, 'package.json'), '{ "type": "commonjs" }\n');
    return info;
  } catch (error) {
    const message = (error as Error).message?.split('\n')[0] ?? String(error);
    throw new LocalStackError(`The CDK app failed to synthesize (infra/app.ts): ${message}`, {
      cause: error,
    });
  }
}

/**
 * How long a synth lock may go without its holder refreshing it before another start takes it over (the holder
 * was killed half-way). proper-lockfile refreshes at half this, and the synth itself blocks for up to ~30 s.
 */
const SYNTH_LOCK_STALE_MS = 120_000;

/**
 * Makes sure `entry` holds an assembly, building it with `build` unless it does: under a lock, so two starts
 * (a test run's two stacks) build it once and the second waits for the first's. Returns whether it was there.
 */
export async function cachedAssembly(
  cacheDir: string,
  entry: string,
  build: (dir: string) => Promise<void>,
  staleMs = SYNTH_LOCK_STALE_MS,
): Promise<boolean> {
  const release = await lock(entry, {
    realpath: false,
    stale: staleMs,
    retries: { retries: 300, factor: 1, minTimeout: 500 },
    // A refresh missed while the synth blocks costs at worst a second synth of the same assembly.
    onCompromised: () => {},
  }).catch((error: Error) => {
    throw new LocalStackError(`Another start has held ${entry}.lock too long: ${error.message}`);
  });
  try {
    if (existsSync(join(entry, STACK_INFO))) return true;
    const building = join(cacheDir, `building-${process.pid}-${Date.now()}`);
    await build(building);
    try {
      renameSync(building, entry);
    } catch {
      // A start that took the lock over cached the same assembly meanwhile: theirs is as good as ours.
      rmSync(building, { recursive: true, force: true });
    }
    pruneCache(cacheDir, entry);
    return false;
  } finally {
    await release().catch(() => {});
  }
}

/**
 * The cloud assembly of the app, synthesized exactly as a deployment would. With `cacheDir`, an assembly
 * synthesized before from identical sources is reused (synthesis is most of the start-up time); set
 * LOCAL_SYNTH=fresh to synthesize regardless.
 */
export async function synthesize(options: {
  stage: string;
  /** Used when nothing is cached: the assembly is written here. */
  outdir: string;
  app?: AppFactory;
  cacheDir?: string;
  root?: string;
}): Promise<Synthesized & { cached: boolean }> {
  const { cacheDir, root } = options;
  if (!options.app && cacheDir && root && process.env.LOCAL_SYNTH !== 'fresh') {
    rmSync(options.outdir, { recursive: true, force: true });
    const entry = join(cacheDir, assemblyFingerprint(root, options.stage));
    mkdirSync(cacheDir, { recursive: true });
    const cached = await cachedAssembly(cacheDir, entry, async (building) => {
      runSynth((await import('../app.js')) as AppFactory, options.stage, building);
    });
    const info = JSON.parse(readFileSync(join(entry, STACK_INFO), 'utf8')) as StackInfo;
    return { ...readAssembly(entry, info), stackName: info.stackName, outdir: entry, cached };
  }
  const factory = options.app ?? ((await import('../app.js')) as AppFactory);
  const info = runSynth(factory, options.stage, options.outdir);
  return {
    ...readAssembly(options.outdir, info),
    stackName: info.stackName,
    outdir: options.outdir,
    cached: false,
  };
}

/**
 * The stack's template as one (its nested stacks read into it) and where each asset of the assembly lies.
 * Also used by the CDK assertion tests, so they see the routes' resources wherever the stack puts them.
 */
export function readAssembly(
  outdir: string,
  info: Pick<StackInfo, 'artifactId' | 'templateFile'>,
): Pick<Synthesized, 'template' | 'assetDirs'> {
  const assetDirs = new Map<string, string>();
  const manifestFile = join(outdir, `${info.artifactId}.assets.json`);
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      files?: Record<
        string,
        { source?: { path?: string }; destinations?: Record<string, { objectKey?: string }> }
      >;
    };
    for (const [hash, entry] of Object.entries(manifest.files ?? {})) {
      if (!entry.source?.path) continue;
      const dir = join(outdir, entry.source.path);
      assetDirs.set(`${hash}.zip`, dir);
      for (const destination of Object.values(entry.destinations ?? {})) {
        if (destination.objectKey) assetDirs.set(destination.objectKey, dir);
      }
    }
  }
  const readTemplate = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CfnTemplate;
  const template = flattenNestedStacks(readTemplate(join(outdir, info.templateFile)), (id, resource) => {
    // The nested template is a file asset of the parent; its URL ends with the asset's object key.
    const key = JSON.stringify(resource.Properties?.TemplateURL ?? '').match(/[0-9a-f]{64}\.json/)?.[0];
    const file = key ? assetDirs.get(key) : undefined;
    if (!file || !existsSync(file)) {
      throw new LocalStackError(`No template found in ${outdir} for the nested stack ${id}`);
    }
    return readTemplate(file);
  });
  return { template, assetDirs };
}

/** Keeps the newest few assemblies: switching branches back and forth stays fast without filling the disk. */
function pruneCache(cacheDir: string, keep: string): void {
  const entries = readdirSync(cacheDir)
    .map((name) => join(cacheDir, name))
    .filter((path) => path !== keep && !path.includes('building-') && !path.endsWith('.lock'))
    .map((path) => ({ path, mtime: statSync(path).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { path } of entries.slice(3)) rmSync(path, { recursive: true, force: true });
}

/** The folder holding a function's bundle. */
export function assetDirOf(fn: LambdaDef, synthesized: Synthesized): string {
  const dir = fn.assetKey ? synthesized.assetDirs.get(fn.assetKey) : undefined;
  if (!dir || !existsSync(dir)) {
    throw new LocalStackError(
      `No code asset found for Lambda ${fn.logicalId} in ${synthesized.outdir}: is its code a Code.fromAsset folder?`,
    );
  }
  return dir;
}
