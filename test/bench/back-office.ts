/**
 * The back office at two sizes of shop: the orders list (first page, a filter, a search, page changes of a
 * filter) and the dashboard, at 1,000 and then at 100,000 orders, through the local API with a staff token.
 * ARCHITECTURE.md's budget: latency at 100,000 orders at most 1.2x that at 1,000.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  counterShard,
  counters,
  dayOf,
  type OrderItem,
  type OrderStatsItem,
  order,
  sumCounters,
} from '../../functions/lib/entities.js';
import { fromCents, toCents } from '../../shared/rules/money.js';
import { generateOrderId } from '../../shared/rules/order.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { batchPut, benchListAtSizes, type ListBenchOptions, pick, type Scenario } from './list-bench.js';

const STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
const METHODS = ['check', 'paypal', 'cashapp', 'zelle', 'venmo'] as const;
const FIRST = ['Ann', 'Bob', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo'];
const LAST = ['Lee', 'Smith', 'Jones', 'Garcia', 'Nguyen', 'Brown', 'Patel', 'Kim', 'Lopez', 'Young'];
/** A surname only a few orders carry, so the search benchmark's answer stays the same size at both scales. */
const RARE_SURNAME = 'Quillfeather';

/** A realistic order item (keys from the entity declarations), placed within the last year. */
function syntheticOrder(now: number, rare: boolean): OrderItem {
  const orderId = generateOrderId(randomInt);
  const createdAt = new Date(now - randomInt(365 * 86_400) * 1000).toISOString();
  // Written now: the list's cache reads changes by their time, as it does for every real write.
  const updatedAt = new Date(now).toISOString();
  const status = STATUSES[randomInt(STATUSES.length)];
  const quantity = 1 + randomInt(5);
  const price = 10 + randomInt(40);
  const total = quantity * price;
  const first = FIRST[randomInt(FIRST.length)];
  const last = rare ? RARE_SURNAME : LAST[randomInt(LAST.length)];
  const email = `${first}.${last}.${orderId}@example.com`.toLowerCase();
  const item: OrderItem = {
    ...order.key(orderId),
    entity: 'order',
    order_id: orderId,
    order_number: orderId,
    customer_id: '00000000-0000-0000-0000-000000000000',
    status,
    shipment_status: status === 'pending' ? 'pending' : 'delivered',
    customer: { firstName: first, lastName: last, email, phone: '5551234567' },
    products: [{ productId: randomUUID(), quantity, price, product: { name: 'OneTouch Ultra 50ct' } }],
    total_amount: total,
    paid_amount: status === 'completed' ? total : 0,
    payment_method: METHODS[randomInt(METHODS.length)],
    payment_details: {},
    shipping_address: { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
    access_token: randomUUID(),
    attestation: { accepted: true, accepted_at: createdAt },
    payment_log: [],
    notes: [],
    images: {},
    activity_log: [],
    created_at: createdAt,
    updated_at: updatedAt,
    idempotency_key: randomUUID(),
  };
  return { ...item, ...order.indexes(item) };
}

/**
 * Adds `count` orders straight to the table (BatchWrite, several in flight) and moves the counters by what
 * they add, as the order transaction would have.
 */
async function addOrders(db: DynamoDBDocumentClient, tableName: string, count: number): Promise<void> {
  const now = Date.now();
  const orders = Array.from({ length: count }, (_, i) => syntheticOrder(now, i % 2000 === 0));
  await batchPut(db, tableName, orders);

  const byStatus = new Map<string, number>();
  let totalCents = 0;
  let completedCents = 0;
  const perDay = new Map<string, number>();
  for (const o of orders) {
    byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    totalCents += toCents(o.total_amount);
    if (o.status === 'completed') completedCents += toCents(o.total_amount);
    perDay.set(dayOf(o.created_at), (perDay.get(dayOf(o.created_at)) ?? 0) + 1);
  }
  const statuses = [...byStatus];
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: counters.orders(counterShard()),
      UpdateExpression: `ADD order_count :n, total_amount :total, completed_paid_amount :done, completed_total_amount :done, ${statuses.map((_, i) => `#s${i} :s${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(statuses.map(([s], i) => [`#s${i}`, `status_${s}`])),
      ExpressionAttributeValues: {
        ':n': count,
        ':total': fromCents(totalCents),
        ':done': fromCents(completedCents),
        ...Object.fromEntries(statuses.map(([, n], i) => [`:s${i}`, n])),
      },
    }),
  );
  for (const [day, n] of perDay) {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: counters.day(day, counterShard()),
        UpdateExpression: 'ADD orders_received :n',
        ExpressionAttributeValues: { ':n': n },
      }),
    );
  }
}

async function orderCount(db: DynamoDBDocumentClient, tableName: string): Promise<number> {
  // Every shard and the pre-shard item, summed (as the dashboard reads them).
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': counters.ordersQuery.pk, ':prefix': counters.ordersQuery.skPrefix },
    }),
  );
  return Number(sumCounters(Items as OrderStatsItem[])?.order_count ?? 0);
}

const SCENARIOS: Scenario[] = [
  { name: 'orders list, first page', path: '/api/admin/orders' },
  {
    name: 'orders list, status filter',
    path: () => `/api/admin/orders?status=${pick(STATUSES)}&pageSize=25`,
  },
  {
    name: 'orders list, search',
    // What staff type: part of an order number, a first name, a surname (common or rare), a whole name.
    path: () =>
      `/api/admin/orders?q=${encodeURIComponent(
        pick([
          `c${randomInt(36).toString(36)}${randomInt(36).toString(36)}`,
          pick(FIRST),
          pick(LAST),
          RARE_SURNAME,
          `${pick(FIRST)} ${pick(LAST)}`,
        ]).toLowerCase(),
      )}`,
  },
  {
    // A common surname with a minimum amount that (nearly) never repeats: the memo of recent matches cannot
    // answer, so each request searches about a tenth of the orders again.
    name: 'orders list, common search, never repeated',
    path: () => `/api/admin/orders?q=${pick(LAST).toLowerCase()}&minAmount=${randomInt(5000) / 100}`,
  },
  {
    name: 'orders list, page changes of a filter',
    path: () => `/api/admin/orders?status=completed&page=${1 + randomInt(20)}`,
  },
  { name: 'dashboard', path: '/api/admin/dashboard' },
];

/** The orders list and the dashboard at 1,000 and then 100,000 orders. */
export const benchBackOffice = (info: LocalStackInfo, options: ListBenchOptions) =>
  benchListAtSizes(info, { count: orderCount, add: addOrders, scenarios: SCENARIOS }, options);
