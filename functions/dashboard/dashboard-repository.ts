import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import { db, tableName } from '../lib/db.js';
import {
  counters,
  type DailyStatsItem,
  type OrderItem,
  type OrderStatsItem,
  order,
} from '../lib/entities.js';

export async function getOrderStats(): Promise<OrderStatsItem | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: counters.orders() }));
  return (Item as OrderStatsItem | undefined) ?? null;
}

/** The day counters from `fromDay` to `toDay` (YYYY-MM-DD, inclusive): one Query of one partition. */
export async function getDailyStats(fromDay: string, toDay: string): Promise<DailyStatsItem[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': counters.dailyPartition, ':from': fromDay, ':to': toDay },
    }),
  );
  return Items as DailyStatsItem[];
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
