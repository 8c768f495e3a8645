import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { percentile } from './stats.js';

export interface LoadResult {
  p50Ms: number;
  p99Ms: number;
  requestsPerSec: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** Answers with a 2xx status (for a checkout: orders placed). */
  ok: number;
}

export interface LoadRequest {
  method: string;
  /** A value, or a function that makes a new body for every request. */
  body: unknown;
  /** Headers made afresh for every request (e.g. a new Idempotency-Key per checkout). */
  headers?: () => Record<string, string>;
}

/** autocannon against one URL; bounded in time and connections, loopback only. */
export async function loadUrl(
  url: string,
  connections: number,
  durationSec: number,
  request?: LoadRequest,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    requests: request
      ? [
          {
            method: request.method,
            body: JSON.stringify(typeof request.body === 'function' ? request.body() : request.body),
            headers: { 'content-type': 'application/json' },
            setupRequest: (r) => ({
              ...r,
              headers: { ...r.headers, ...request.headers?.() },
              ...(typeof request.body === 'function' ? { body: JSON.stringify(request.body()) } : {}),
            }),
          },
        ]
      : undefined,
  });
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSec: result.requests.average,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok: result['2xx'],
  };
}

/** The floor: GetItem on DynamoDB Local from the same SDK client, `connections` loops in parallel. */
export async function loadBareGetItem(
  endpoint: string,
  tableName: string,
  key: Record<string, string>,
  connections: number,
  durationSec: number,
): Promise<LoadResult> {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + durationSec * 1000;
  const loop = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      try {
        await db.send(new GetCommand({ TableName: tableName, Key: key }));
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  db.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requestsPerSec: latencies.length / durationSec,
    requests: latencies.length,
    errors,
    non2xx: 0,
    ok: latencies.length,
  };
}
