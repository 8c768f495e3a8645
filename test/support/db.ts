import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { counters, sumCounters, type TableKey } from '../../functions/lib/entities';
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
