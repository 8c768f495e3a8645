import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  counters,
  product as productEntity,
  productIdClaim,
  sumCounters,
  type TableKey,
} from '../../functions/lib/entities';
import { stack } from './stack';

/** Direct access to the local stack's table, for arranging data and checking what a request wrote. */
export const testDb = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack().urls.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/** One item by its key, built from the entity declarations (`getItem(order.key(id))`). */
export async function getItem(key: TableKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await testDb().send(
    new GetCommand({ TableName: stack().tableName, Key: key, ConsistentRead: true }),
  );
  return Item;
}

export async function putItem(item: Record<string, unknown>): Promise<void> {
  await testDb().send(new PutCommand({ TableName: stack().tableName, Item: item }));
}

/**
 * Deletes the items at `keys`, 25 to a request, sending again what DynamoDB left unprocessed. `db` and `tableName`
 * default to the test stack's; the bench passes its own.
 */
export async function deleteItems(
  keys: TableKey[],
  db: DynamoDBDocumentClient = testDb(),
  tableName: string = stack().tableName,
): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt === 8) throw new Error(`BatchWriteItem left ${requests.length} deletes unprocessed`);
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}

/** A product's items: the product and the claim on its productid. */
export const productItemKeys = (products: Array<{ id: string; productId: number }>): TableKey[] =>
  products.flatMap((p) => [productEntity.key(p.id), productIdClaim.key(p.productId)]);

/** Every item of one partition whose sort key lies in [from, to], read consistently. */
async function queryRange(pk: string, from: string, to: string): Promise<Array<Record<string, unknown>>> {
  const { Items = [] } = await testDb().send(
    new QueryCommand({
      TableName: stack().tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
      ConsistentRead: true,
    }),
  );
  return Items;
}

type Counts = Partial<Record<string, number>>;
const summed = (items: Array<Record<string, unknown>>): Counts =>
  (sumCounters(items as Array<{ pk: string; sk: string }>) ?? {}) as Counts;

/** The order counters as the dashboard reads them: every shard and the pre-shard item, summed. */
export async function orderCounters(): Promise<Counts> {
  const { pk, skPrefix } = counters.ordersQuery;
  return summed(await queryRange(pk, skPrefix, `${skPrefix}~`));
}

/** One UTC day's counters (`YYYY-MM-DD`), its shards and pre-shard item summed. */
export async function dayCounters(day: string): Promise<Counts> {
  const { from, to } = counters.daysRange(day, day);
  return summed(await queryRange(counters.dailyPartition, from, to));
}
