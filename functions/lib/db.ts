import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as ENV from '../../shared/env-vars.js';
import { requireEnv } from './env.js';

/** Created once per container: connection reuse across invocations. */
export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (): string => requireEnv(ENV.tableName);

/** BatchGetItem takes at most this many keys per request. */
const BATCH_GET_KEYS = 100;
const BATCH_GET_ATTEMPTS = 8;

/**
 * The items stored under `keys` (strongly consistent; a key with no item is simply absent), 100 keys per
 * BatchGetItem. Keys DynamoDB leaves unprocessed under load are asked for again after a short pause.
 */
export async function batchGetItems<T>(keys: ReadonlyArray<Record<string, string>>): Promise<T[]> {
  const items: T[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_KEYS) {
    let pending = keys.slice(start, start + BATCH_GET_KEYS);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === BATCH_GET_ATTEMPTS) throw new Error('BatchGetItem left keys unprocessed');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const result = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...((result.Responses?.[tableName()] ?? []) as T[]));
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as typeof pending;
    }
  }
  return items;
}
