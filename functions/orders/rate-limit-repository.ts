import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import { db, tableName } from '../lib/db.js';
import { rateLimit } from '../lib/entities.js';

/**
 * Fixed-window failure counters (pk RATELIMIT#<scope>#<value>, sk = window start), expired by TTL. Only
 * failures count, so a seller who types their details right is never slowed down.
 */
export interface Window {
  start: number;
  end: number;
}

export function windowAt(now: Date, minutes: number): Window {
  const size = minutes * 60_000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start, end: start + size };
}

const key = (scope: string, window: Window) => rateLimit.key(scope, window.start);

export async function failureCounts(scopes: string[], window: Window): Promise<number[]> {
  const result = await db.send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: scopes.map((s) => key(s, window)) } } }),
  );
  const items = result.Responses?.[tableName()] ?? [];
  return scopes.map((s) => Number(items.find((i) => i.pk === key(s, window).pk)?.count ?? 0));
}

export async function recordFailure(scopes: string[], window: Window): Promise<void> {
  await Promise.all(
    scopes.map((scope) =>
      db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(scope, window),
          UpdateExpression: 'SET entity = :entity, #ttl = :ttl ADD #count :one',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE, '#count': 'count' },
          ExpressionAttributeValues: {
            ':entity': 'rate-limit',
            ':ttl': Math.ceil(window.end / 1000) + 60,
            ':one': 1,
          },
        }),
      ),
    ),
  );
}
