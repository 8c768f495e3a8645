import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import { db, tableName } from '../lib/db.js';
import {
  counters,
  type DailyStatsItem,
  type OrderItem,
  type OrderStatsItem,
  order,
  sumCounters,
  sumDailyCounters,
} from '../lib/entities.js';

/**
 * The order counters: every shard and the pre-shard item in one Query (`begins_with(sk, 'ORDERS')` on the
 * STATS partition, about ten small items), summed.
 */
export async function getOrderStats(): Promise<OrderStatsItem | null> {
  const { pk, skPrefix } = counters.ordersQuery;
  const items = await queryAll<OrderStatsItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
  return sumCounters(items);
}

/**
 * The day counters from `fromDay` to `toDay` (YYYY-MM-DD, inclusive), summed per day: one Query of one
 * partition returns every day's shards and pre-shard items.
 */
export async function getDailyStats(fromDay: string, toDay: string): Promise<DailyStatsItem[]> {
  const range = counters.daysRange(fromDay, toDay);
  const items = await queryAll<DailyStatsItem>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': counters.dailyPartition, ':from': range.from, ':to': range.to },
  });
  return sumDailyCounters(items);
}

/** One Query, read to its end (the counters fit in one page: a second is only a safeguard). */
async function queryAll<T>(
  input: Pick<QueryCommandInput, 'KeyConditionExpression' | 'ExpressionAttributeValues'>,
): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

type RecentOrder = Pick<
  OrderItem,
  'order_id' | 'created_at' | 'status' | 'total_amount' | 'customer' | 'deleted_at'
>;

/** The newest orders (collection index, newest first), without deleted ones. */
export async function getRecentOrders(count: number): Promise<RecentOrder[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE_INDEXES.collection.name,
      KeyConditionExpression: '#pk = :orders',
      ExpressionAttributeNames: {
        '#pk': TABLE_INDEXES.collection.pk,
        '#status': 'status',
        '#customer': 'customer',
      },
      ExpressionAttributeValues: { ':orders': order.collectionPartition },
      ProjectionExpression: 'order_id, created_at, #status, total_amount, #customer, deleted_at',
      ScanIndexForward: false,
      // A few spare rows stand in for deleted orders.
      Limit: count * 2,
    }),
  );
  return (Items as RecentOrder[]).filter((o) => !o.deleted_at).slice(0, count);
}
