/**
 * For its first several hundred writes DynamoDB Local's JVM is still compiling its hot paths (docs/performance.md,
 * "DynamoDB Local"), so a burst of checkouts just after `npm start` would time out only locally. The runner gives
 * it order-shaped work in the background, on a scratch copy of the stack's table it then deletes.
 */
import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';

export const WARMUP_TABLE = 'local-jit-warmup';
/** Enough writes for most of the JIT's effect (docs/performance.md, "DynamoDB Local"). */
export const WARMUP_TRANSACTIONS = 500;
const CONCURRENCY = 8;

/** One write of an order's shape: nine items, each with its conditions and index keys (shared/runtime-env.ts). */
function orderShapedWrite(table: string): TransactWriteCommand {
  const id = randomUUID();
  const now = Date.now();
  const at = `${now}#${id}`;
  const windowSlot = (scope: string) => ({
    Update: {
      TableName: table,
      Key: { pk: `W#${scope}#${id}`, sk: 'W' },
      UpdateExpression: 'SET e = if_not_exists(e, :end) ADD c :one',
      ConditionExpression: 'attribute_not_exists(pk) OR (e > :now AND c < :max)',
      ExpressionAttributeValues: { ':end': now + 60_000, ':one': 1, ':now': now, ':max': 5 },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  });
  const counter = (pk: string) => ({
    Update: {
      TableName: table,
      Key: { pk, sk: String(now % 8) },
      UpdateExpression: 'SET entity = :e ADD n :one',
      ExpressionAttributeValues: { ':e': 'stats', ':one': 1 },
    },
  });
  const fresh = (pk: string, item: Record<string, unknown>) => ({
    Put: {
      TableName: table,
      Item: { pk, sk: 'X', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  return new TransactWriteCommand({
    TransactItems: [
      fresh(`I#${id}`, { hash: id }),
      fresh(`O#${id}`, {
        ...Object.fromEntries(
          [1, 2, 3, 4].flatMap((i) => [
            [`gsi${i}pk`, `P${i}`],
            [`gsi${i}sk`, at],
          ]),
        ),
        body: 'x'.repeat(1500),
      }),
      fresh(`T#${id}`, { order: id }),
      {
        Update: {
          TableName: table,
          Key: { pk: `C#${id}`, sk: 'X' },
          UpdateExpression: 'SET gsi1pk = :c, gsi1sk = :at, gsi5pk = :c, gsi5sk = :at ADD n :one',
          ExpressionAttributeValues: { ':c': 'C', ':at': at, ':one': 1 },
        },
      },
      counter('S'),
      counter('D'),
      { Put: { TableName: table, Item: { pk: `B#${id}`, sk: 'X', status: 'pending' } } },
      windowSlot('e'),
      windowSlot('i'),
    ],
  });
}

const dropTable = (client: DynamoDBClient) =>
  client.send(new DeleteTableCommand({ TableName: WARMUP_TABLE })).catch((error: Error) => {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  });

/**
 * Runs `transactions` order-shaped writes, `CONCURRENCY` at a time, on a copy of the stack's table (`table`,
 * CreateTable's input), then deletes it. Stops early when `signal` aborts; a failure is reported to the caller,
 * who logs it: the stack works without it, only slower at first.
 */
export async function warmDynamoDbLocal(
  client: DynamoDBClient,
  table: CreateTableCommandInput,
  { transactions = WARMUP_TRANSACTIONS, signal }: { transactions?: number; signal?: AbortSignal } = {},
): Promise<void> {
  // A run stopped half-way (killed) leaves the table behind.
  await dropTable(client);
  await client.send(new CreateTableCommand({ ...table, TableName: WARMUP_TABLE }));
  const documents = DynamoDBDocumentClient.from(client);
  let started = 0;
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (started < transactions && !signal?.aborted) {
          started++;
          await documents.send(orderShapedWrite(WARMUP_TABLE));
        }
      }),
    );
  } finally {
    await dropTable(client);
  }
}
