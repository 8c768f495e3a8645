import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { lambdaBundleOptions, repoRoot } from './build-functions';
import { middyStreamsPlugin, pureSchemasPlugin } from './bundle';
import { dropBuildTimeFields, markPureInitializers } from './pure-schemas';

const open = '/* @__PURE__ */ (() => (';
const close = '))()';

describe('markPureInitializers', () => {
  test('wraps the top-level declarations that call anything while the module loads', () => {
    const source = [
      "import * as z from 'zod/mini';",
      'export const ZA = z.object({ a: z.string().check(z.minLength(1, m.a)) });',
      'export const make = (n: number) => z.array(z.number(), n);',
      "export const NAMES = ['a', 'b'] as const;",
      "z.config({ customError: () => 'x' });",
    ].join('\n');
    const out = markPureInitializers(source, 'shared/schemas/a.ts').split('\n');
    expect(out[1]).toBe(
      `export const ZA = ${open}z.object({ a: z.string().check(z.minLength(1, m.a)) })${close};`,
    );
    // A function runs later, when called; a literal calls nothing; a statement is kept whatever it calls.
    expect(out.slice(2)).toEqual(source.split('\n').slice(2));
  });

  test('wraps a declaration that reads a property while loading, which esbuild would keep for a getter', () => {
    const source =
      'const C = P.collection;\nexport const ticket = { key: (n: string) => n, partition: C.tickets };';
    expect(markPureInitializers(source, 'functions/lib/entities.ts')).toBe(
      `const C = ${open}P.collection${close};\nexport const ticket = ${open}{ key: (n: string) => n, partition: C.tickets }${close};`,
    );
  });

  test('leaves comments and strings alone', () => {
    const source =
      "/** z.object({}) */\nexport const M = 'z.string()';\nexport const Z = /* z.x() */ z.string();";
    expect(markPureInitializers(source, 'a.ts')).toBe(
      `/** z.object({}) */\nexport const M = 'z.string()';\nexport const Z = /* z.x() */ ${open}z.string()${close};`,
    );
  });

  test('keeps what a schema does', async () => {
    const source = 'const double = [1, 2].map((n) => n * 2);\nconst first = double.at(0);';
    const { outputFiles } = await build({
      stdin: {
        contents: `${markPureInitializers(source, 'a.ts')}\nconsole.log(JSON.stringify([double, first]));`,
        loader: 'ts',
      },
      write: false,
    });
    const logged: string[] = [];
    new Function('console', outputFiles[0].text)({ log: (text: string) => logged.push(text) });
    expect(logged).toEqual(['[[2,4],2]']);
  });
});

describe('dropBuildTimeFields', () => {
  test("replaces the route's response schema and capabilities and nothing else", () => {
    const source = [
      "import { ZA, ZB } from '../schemas/a.js';",
      'export const getA = {',
      "  path: '/api/a',",
      '  request: { body: ZA },',
      '  response: ZB,',
      "  capabilities: [items(['GetItem'], 'order'), 'images:read'],",
      '} as const satisfies RouteDef;',
    ].join('\n');
    expect(dropBuildTimeFields(source, 'shared/routes/get-a.ts')).toBe(
      source
        .replace('response: ZB', 'response: undefined')
        .replace("[items(['GetItem'], 'order'), 'images:read']", 'undefined'),
    );
  });

  test('every route file of the repository declares one', () => {
    const dir = path.join(repoRoot, 'shared', 'routes');
    for (const file of readdirSync(dir)) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const out = dropBuildTimeFields(source, file);
      expect(out).toMatch(/\n {2}response: undefined,\n/);
      expect(out).toMatch(/\n {2}capabilities: undefined,\n/);
    }
  });
});

describe('the functions bundle', () => {
  // One schema from a module of many: the label-jobs message (shipment.ts also holds the EasyPost event).
  const entry =
    "import { ZLabelJob } from './shared/schemas/shipment.js'; console.log(ZLabelJob.safeParse({}).success);";
  const bundleText = async (plugins: (typeof pureSchemasPlugin)[]) => {
    const result = await build({
      ...lambdaBundleOptions,
      stdin: { contents: entry, resolveDir: repoRoot, loader: 'ts' },
      write: false,
      plugins,
    });
    return result.outputFiles[0].text;
  };

  test('leaves out the schemas a function does not import', async () => {
    // Without the plugin the whole module is built (should esbuild ever read zod's marks, the plugin can go).
    expect(await bundleText([])).toContain('tracking_details');
    const text = await bundleText([pureSchemasPlugin]);
    expect(text).not.toContain('tracking_details');
    expect(text).toContain('jobId must be a UUID');
  });

  test('keeps only the entities a function uses', async () => {
    const result = await build({
      ...lambdaBundleOptions,
      stdin: {
        contents: "import { order } from './functions/lib/entities.js'; console.log(order.key('1'));",
        resolveDir: repoRoot,
        loader: 'ts',
      },
      write: false,
      plugins: [pureSchemasPlugin],
    });
    const text = result.outputFiles[0].text;
    expect(text).toMatch(/sk:"ORDER"/);
    // The SMS entity's sort key, which a function that touches no SMS does not carry.
    expect(text).not.toMatch(/sk:"SMSSID"/);
    // Nor its partition values: the partitions' enums are inlined where used, never carried whole.
    expect(text).toContain('ORDER#');
    expect(text).not.toContain('SMSSID#');
    expect(text).not.toContain('LABELS#UNUSED');
  });

  const bundleOf = async (contents: string) => {
    const result = await build({
      ...lambdaBundleOptions,
      stdin: { contents, resolveDir: repoRoot, loader: 'ts' },
      write: false,
      plugins: [pureSchemasPlugin],
    });
    return result.outputFiles[0].text;
  };

  test("keeps a route's request schemas, not its capabilities or response", async () => {
    const text = await bundleOf(
      "import { createOrder } from './shared/routes/create-order.js'; console.log(createOrder);",
    );
    expect(text).toContain('An Idempotency-Key header with a UUID is required');
    expect(text).not.toContain('payout:encrypt');
    expect(text).not.toContain('checkoutIdempotency');
  });

  test("does not load Node's web streams with middy", async () => {
    // The HTTP functions' handler wrapper, bundled as the functions are.
    const httpLayer = async (plugins: (typeof pureSchemasPlugin)[]) => {
      const result = await build({
        ...lambdaBundleOptions,
        stdin: {
          contents: "import { httpRoute } from './functions/lib/http.js'; console.log(typeof httpRoute);",
          resolveDir: repoRoot,
          loader: 'ts',
        },
        write: false,
        plugins,
      });
      return result.outputFiles[0].text;
    };
    expect(await httpLayer([])).toContain('node:stream/web');
    const text = await httpLayer([pureSchemasPlugin, middyStreamsPlugin]);
    expect(text).not.toContain('node:stream/web');
    expect(text).toContain('instanceof globalThis.ReadableStream');
  });

  test('keeps only the environment variable names a function reads', async () => {
    const text = await bundleOf(
      "import * as ENV from './shared/env-vars.js'; console.log(process.env[ENV.tableName]);",
    );
    expect(text).toContain('"TABLE_NAME"');
    expect(text).not.toContain('TWILIO_BASE_URL');
  });
});
