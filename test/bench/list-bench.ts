/**
 * The back office's lists at two sizes of shop (orders, customers, tickets): seed straight into DynamoDB Local
 * up to each size, then measure a set of list requests through the local API with a staff token.
 * ARCHITECTURE.md's budget: latency at 100,000 records at most 1.2x that at 1,000.
 */
import { randomInt } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { REFRESH_OVERLAP_MS } from '../../functions/lib/change-cache.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { round } from './stats.js';

export const LIST_BUDGET_RATIO = 1.2;
/** Each request of a scenario differs (status, search text, page), so no answer is simply repeated. */
export const pick = <T>(values: readonly T[]): T => values[randomInt(values.length)];

export interface Scenario {
  name: string;
  /** A path, or one made per request (page changes, search words). */
  path: string | (() => string);
}

export interface ListBench {
  /** How many records the table holds now. */
  count: (db: DynamoDBDocumentClient, tableName: string) => Promise<number>;
  /** Adds `count` records after the `have` there are (keys from the entity declarations), and their counters. */
  add: (db: DynamoDBDocumentClient, tableName: string, count: number, have: number) => Promise<void>;
  scenarios: Scenario[];
}

/** A document client on the local stack's DynamoDB. */
export const benchDb = (info: LocalStackInfo) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: info.urls.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );

export async function staffToken(info: LocalStackInfo): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: info.urls.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const result = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: info.userPoolClientId,
      AuthParameters: { USERNAME: info.admin.email, PASSWORD: info.admin.password },
    }),
  );
  cognito.destroy();
  return result.AuthenticationResult!.IdToken!;
}

/** Writes the items with BatchWrite, several batches in flight, retrying what DynamoDB Local leaves unprocessed. */
export async function batchPut(
  db: DynamoDBDocumentClient,
  tableName: string,
  items: readonly object[],
): Promise<void> {
  const batches: object[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let requests = batches[next++].map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length; attempt++) {
        if (attempt > 8) throw new Error('DynamoDB Local left bench items unprocessed');
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

async function measure(
  site: string,
  token: string,
  scenarios: Scenario[],
  connections: number,
  durationSec: number,
) {
  const results: Record<
    string,
    { p50Ms: number; p99Ms: number; requestsPerSec: number; firstMs: number; non2xx: number }
  > = {};
  for (const scenario of scenarios) {
    const pathOf = () => (typeof scenario.path === 'string' ? scenario.path : scenario.path());
    const headers = { authorization: `Bearer ${token}` };
    // The first request after the records were added: a cold list Lambda loads, a warm one reads the change.
    const started = performance.now();
    const first = await fetch(`${site}${pathOf()}`, { headers });
    await first.text();
    const firstMs = performance.now() - started;
    // Warm the path (JIT, connections) before measuring, alike at both sizes.
    for (let i = 0; i < 20; i++) await (await fetch(`${site}${pathOf()}`, { headers })).text();
    const result = await autocannon({
      url: site,
      connections,
      duration: durationSec,
      headers,
      requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: pathOf() }) }],
    });
    results[scenario.name] = {
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requestsPerSec: round(result.requests.average),
      firstMs: round(firstMs),
      non2xx: result.non2xx + result.errors,
    };
  }
  return results;
}

export interface ListBenchOptions {
  connections: number;
  durationSec: number;
  /** Default 1,000 then 100,000 (`BENCH_LIST_SIZES=200,2000` for a quick try). */
  sizes?: number[];
}

/** Seeds up to each size in turn and measures the scenarios there; ratios are largest size over smallest. */
export async function benchListAtSizes(info: LocalStackInfo, bench: ListBench, options: ListBenchOptions) {
  const { connections, durationSec } = options;
  const sizes = options.sizes ?? [1_000, 100_000];
  const db = benchDb(info);
  try {
    const token = await staffToken(info);
    const bySize: Record<string, { seedSeconds: number; scenarios: Awaited<ReturnType<typeof measure>> }> =
      {};
    for (const size of sizes) {
      const have = await bench.count(db, info.tableName);
      const started = performance.now();
      const seedStart = Date.now();
      if (size > have) await bench.add(db, info.tableName, size - have, have);
      const seedSeconds = round((performance.now() - started) / 1000, 1);
      // A list's cache reads again every change of the last REFRESH_OVERLAP_MS on each request: right after a
      // bulk load that is the whole load, every time. Measure the steady state, once that window has passed.
      const settle = seedStart + REFRESH_OVERLAP_MS + 1000 - Date.now();
      if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
      // The stack was just started: a first, discarded pass warms its runtime, so the smaller size is not
      // measured on a colder process than the larger one.
      if (size === sizes[0]) await measure(info.urls.site, token, bench.scenarios, connections, 2);
      bySize[size] = {
        seedSeconds,
        scenarios: await measure(info.urls.site, token, bench.scenarios, connections, durationSec),
      };
    }
    const small = bySize[sizes[0]].scenarios;
    const large = bySize[sizes[sizes.length - 1]].scenarios;
    const ratios = Object.fromEntries(
      bench.scenarios.map(({ name }) => [
        name,
        {
          p50Ratio: round(large[name].p50Ms / Math.max(small[name].p50Ms, 1), 2),
          p99Ratio: round(large[name].p99Ms / Math.max(small[name].p99Ms, 1), 2),
        },
      ]),
    );
    return { budgetRatio: LIST_BUDGET_RATIO, connections, durationSec, bySize, ratios };
  } finally {
    db.destroy();
  }
}
