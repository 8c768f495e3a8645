import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { lambdaBundleOptions } from '../../infra/build-functions.js';
import { median } from './stats.js';

const SDK_PACKAGE = /node_modules\/(@aws-sdk\/(?:client-[a-z0-9-]+|lib-dynamodb))\//;

/** Which AWS SDK client packages a bundle pulled in, from esbuild's metafile. */
export function sdkPackagesOf(metafile: Metafile, output: string): string[] {
  const inputs = Object.keys(metafile.outputs[output]?.inputs ?? {});
  return [...new Set(inputs.map((i) => SDK_PACKAGE.exec(i)?.[1]).filter((p): p is string => !!p))].sort();
}

/**
 * Provider clients a Lambda may bundle, each recognised by a module of it in the metafile, and how the floor
 * imports it the same way the function does (the Twilio Messages API alone, or only its webhook signature check).
 */
const PROVIDER_FLOORS: Array<{ name: string; marker: RegExp; source: string }> = [
  {
    name: 'twilio:messages',
    marker: /node_modules\/twilio\/lib\/rest\/Api\.js$/,
    source: `import { Client as TwilioBase } from 'twilio/lib/base/BaseTwilio';
import TwilioApi from 'twilio/lib/rest/Api';
export const twilioMessages = (sid, token) => new TwilioApi(new TwilioBase(sid, token)).account.messages;`,
  },
  {
    name: 'twilio:webhooks',
    marker: /node_modules\/twilio\/lib\/webhooks\/webhooks\.js$/,
    source: `export { validateRequest } from 'twilio/lib/webhooks/webhooks';`,
  },
  {
    name: '@easypost/api',
    marker: /node_modules\/@easypost\/api\//,
    source: `export { default as EasyPostClient } from '@easypost/api';`,
  },
];

/** The provider clients (PROVIDER_FLOORS names) a bundle pulled in, from esbuild's metafile. */
export function providersOf(metafile: Metafile, output: string): string[] {
  const inputs = Object.keys(metafile.outputs[output]?.inputs ?? {});
  return PROVIDER_FLOORS.filter((p) => inputs.some((i) => p.marker.test(i))).map((p) => p.name);
}

const CLIENT_EXPORT: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'DynamoDBClient',
  '@aws-sdk/lib-dynamodb': 'DynamoDBDocumentClient',
  '@aws-sdk/client-sqs': 'SQSClient',
  '@aws-sdk/client-s3': 'S3Client',
  '@aws-sdk/client-sesv2': 'SESv2Client',
  '@aws-sdk/client-secrets-manager': 'SecretsManagerClient',
  '@aws-sdk/client-kms': 'KMSClient',
};

/** The floor: a bundle that imports only the same SDK clients, built with the Lambdas' own esbuild options. */
export async function buildBareBundle(
  packages: string[],
  root: string,
  providers: string[] = [],
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bare-bundle-'));
  const entry = join(dir, 'entry.js');
  // Import and construct each client at module scope, as the functions do: that construction is part of init.
  const lines = packages.map((p, i) => `import { ${CLIENT_EXPORT[p] ?? 'default'} as C${i} } from '${p}';`);
  const construct = packages.map((p, i) => {
    if (p === '@aws-sdk/lib-dynamodb') {
      const raw = packages.indexOf('@aws-sdk/client-dynamodb');
      return `C${i}.from(new C${raw}({}))`;
    }
    return `new C${i}({})`;
  });
  lines.push(`export const clients = [${construct.join(', ')}];`);
  for (const provider of PROVIDER_FLOORS) if (providers.includes(provider.name)) lines.push(provider.source);
  writeFileSync(entry, lines.join('\n'));
  const outfile = join(dir, 'out', 'index.js');
  mkdirSync(join(dir, 'out'));
  await build({
    entryPoints: [entry],
    outfile,
    ...lambdaBundleOptions,
    nodePaths: [join(root, 'node_modules')],
    logLevel: 'silent',
  });
  return outfile;
}

export const sizeOf = (file: string): number => statSync(file).size;

function initOnceMs(file: string): number {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const out = execFileSync(process.execPath, ['-e', script], {
    env: { ...process.env, AWS_REGION: 'us-east-1', TABLE_NAME: 'bench', NODE_NO_WARNINGS: '1' },
    encoding: 'utf8',
  });
  return Number(out);
}

export interface InitTimes {
  /** Median and best of the function's own runs, in ms. */
  median: number;
  best: number;
  /** Median and best of its floor's runs, measured beside it. */
  bareMedian: number;
  bareBest: number;
  /** The median of the pairs' ratios (function / floor, each pair run back to back): the budget's figure. */
  ratio: number;
  /** How many pairs the figures come from. */
  pairs: number;
}

/** A close call is measured again: the median of 15 pairs moves by a few hundredths from one run to the next. */
export interface CloseCall {
  /** The budget the ratio is judged against. */
  budget: number;
  /** A first ratio this near the budget, either side, is measured again... */
  within: number;
  /** ...with this many more pairs, and the figures come from all of them. */
  extraRuns: number;
}

/**
 * Module init in a fresh Node process (the time to `require` the bundle), for each function against its floor:
 * `runs` pairs, the floor and the function back to back in the order alternating, so a slow patch of the machine
 * falls on both halves of a pair alike. The ratio is the median of the pairs' ratios. (It was the best function
 * run over the best floor run: one lucky floor run, shared by some thirty functions, moved all their ratios.)
 * With `closeCall`, a function whose first ratio lies near the budget gets more pairs before it is judged.
 */
export function pairedInitTimes(
  pairs: Array<{ file: string; bare: string }>,
  runs = 15,
  closeCall?: CloseCall,
): Map<string, InitTimes> {
  const result = new Map<string, InitTimes>();
  for (const { file, bare } of pairs) {
    const own: number[] = [];
    const floor: number[] = [];
    const ratios: number[] = [];
    const measure = (count: number) => {
      for (let i = 0; i < count; i++) {
        const [a, b] = own.length % 2 ? [file, bare] : [bare, file];
        const first = initOnceMs(a);
        const second = initOnceMs(b);
        const [f, base] = a === file ? [first, second] : [second, first];
        own.push(f);
        floor.push(base);
        ratios.push(f / base);
      }
    };
    measure(runs);
    if (closeCall && Math.abs(median(ratios) - closeCall.budget) <= closeCall.within)
      measure(closeCall.extraRuns);
    result.set(file, {
      median: median(own),
      best: Math.min(...own),
      bareMedian: median(floor),
      bareBest: Math.min(...floor),
      ratio: median(ratios),
      pairs: ratios.length,
    });
  }
  return result;
}

/** Module init of bundles with no floor to pair with: median and best of `runs`. */
export function initTimesMs(files: string[], runs = 15): Map<string, { median: number; best: number }> {
  return new Map(
    files.map((file) => {
      const times = Array.from({ length: runs }, () => initOnceMs(file));
      return [file, { median: median(times), best: Math.min(...times) }];
    }),
  );
}

export const rel = (root: string, file: string): string => relative(root, file);
