import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { lambdaBundleOptions } from '../../infra/build-functions.js';

const SDK_PACKAGE = /node_modules\/(@aws-sdk\/(?:client-[a-z0-9-]+|lib-dynamodb))\//;

/** Which AWS SDK client packages a bundle pulled in, from esbuild's metafile. */
export function sdkPackagesOf(metafile: Metafile, output: string): string[] {
  const inputs = Object.keys(metafile.outputs[output]?.inputs ?? {});
  return [...new Set(inputs.map((i) => SDK_PACKAGE.exec(i)?.[1]).filter((p): p is string => !!p))].sort();
}

const CLIENT_EXPORT: Record<string, string> = {
  '@aws-sdk/client-dynamodb': 'DynamoDBClient',
  '@aws-sdk/lib-dynamodb': 'DynamoDBDocumentClient',
  '@aws-sdk/client-sqs': 'SQSClient',
  '@aws-sdk/client-s3': 'S3Client',
  '@aws-sdk/client-sesv2': 'SESv2Client',
  '@aws-sdk/client-secrets-manager': 'SecretsManagerClient',
};

/** The floor: a bundle that imports only the same SDK clients, built with the Lambdas' own esbuild options. */
export async function buildBareBundle(packages: string[], root: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bare-bundle-'));
  const entry = join(dir, 'entry.js');
  const lines = packages.map((p, i) => `import { ${CLIENT_EXPORT[p] ?? 'default'} as c${i} } from '${p}';`);
  lines.push(`export const clients = [${packages.map((_, i) => `c${i}`).join(', ')}];`);
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

/** Module init in a fresh Node process: the time to `require` the bundle, median of `runs`. */
export function initTimeMs(file: string, runs = 7): number {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['-e', script], {
      env: { ...process.env, AWS_REGION: 'us-east-1', TABLE_NAME: 'bench', NODE_NO_WARNINGS: '1' },
      encoding: 'utf8',
    });
    times.push(Number(out));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export const rel = (root: string, file: string): string => relative(root, file);
