import { build } from 'esbuild';
import { lambdaBundleOptions, repoRoot } from './build-functions';
import { middyStreamsPlugin, pureSchemasPlugin } from './bundle';

const _open = '/* @__PURE__ */ (() => (';
const _close = '))()';

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
