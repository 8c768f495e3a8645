/**
 * The functions' esbuild run, with the plugin that leaves unused schemas and entities out (build/pure-schemas.ts). esbuild
 * runs plugins only from its asynchronous API and `buildFunctions` is synchronous (the CDK app bundles while it
 * is being constructed), so `buildFunctions` runs this file in a child process:
 * `tsx infra/bundle.ts <request.json> <metafile.json>`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import {
  dropBuildTimeFields,
  ENTITY_MODULE,
  markPureInitializers,
  ROUTE_FILE,
  SCHEMA_MODULE,
} from '../build/pure-schemas.js';
import { lambdaBundleOptions, repoRoot } from './build-functions.js';

export interface BundleRequest {
  /** Output name (`<key>/index`) to entry file. */
  entryPoints: Record<string, string>;
  outdir: string;
}

export const pureSchemasPlugin: Plugin = {
  name: 'pure-schemas',
  setup(esbuild) {
    esbuild.onLoad(
      { filter: new RegExp(`${SCHEMA_MODULE.source}|${ROUTE_FILE.source}|${ENTITY_MODULE.source}`) },
      async ({ path: file }) => {
        const source = await readFile(file, 'utf8');
        if (ROUTE_FILE.test(file)) return { contents: dropBuildTimeFields(source, file), loader: 'ts' };
        if (SCHEMA_MODULE.test(file) || ENTITY_MODULE.test(file))
          return { contents: markPureInitializers(source, file), loader: 'ts' };
        return undefined;
      },
    );
  },
};

/**
 * @middy/core 6 imports `node:stream/web` when it loads, for the streamed responses no function here uses, and
 * Node 20 builds the web streams for that import, in every HTTP function's cold start (docs/performance.md,
 * "Bundles"). Its one use is an `instanceof ReadableStream` check on a streamed response: the same
 * class is a global that Node loads on first access, so the bundle reads that instead. Should a new @middy/core
 * import it differently, the source is left as it is and the bundle test that looks for `node:stream/web` fails.
 */
const MIDDY_CORE = /[\\/]@middy[\\/]core[\\/]index\.js$/;
const WEB_STREAMS_IMPORT = 'import { ReadableStream } from "node:stream/web";';

function withoutWebStreamsImport(source: string): string {
  if (!source.includes(WEB_STREAMS_IMPORT)) return source;
  return source
    .replace(WEB_STREAMS_IMPORT, '')
    .replaceAll('instanceof ReadableStream', 'instanceof globalThis.ReadableStream');
}

export const middyStreamsPlugin: Plugin = {
  name: 'middy-streams',
  setup(esbuild) {
    esbuild.onLoad({ filter: MIDDY_CORE }, async ({ path: file }) => ({
      contents: withoutWebStreamsImport(await readFile(file, 'utf8')),
      loader: 'js',
    }));
  },
};

export async function bundle(request: BundleRequest): Promise<Metafile> {
  const result = await build({
    ...lambdaBundleOptions,
    entryPoints: request.entryPoints,
    outdir: request.outdir,
    absWorkingDir: repoRoot,
    metafile: true,
    logLevel: 'warning',
    plugins: [pureSchemasPlugin, middyStreamsPlugin],
  });
  return result.metafile;
}

async function main([requestFile, metafileOut]: string[]): Promise<void> {
  const request = JSON.parse(await readFile(requestFile, 'utf8')) as BundleRequest;
  await writeFile(metafileOut, JSON.stringify(await bundle(request)));
}

// Works both as ESM (tsx) and as the CommonJS jest transforms it to.
const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    // esbuild has printed its own errors (a function that does not compile, with its file and line).
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
