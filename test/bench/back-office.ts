/**
 * The back office at two sizes of shop: the orders list (first page, a filter, a search, page changes of a
 * filter) and the dashboard, at 1,000 and then at 100,000 orders, through the local API with a staff token.
 * ARCHITECTURE.md's budget: latency at 100,000 orders at most 1.2x that at 1,000.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { counters, dayOf, type OrderItem, order } from '../../functions/lib/entities.js';
import { fromCents, toCents } from '../../shared/rules/money.js';
import { generateOrderId } from '../../shared/rules/order.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';

const STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
const METHODS = ['check', 'paypal', 'cashapp', 'zelle', 'venmo'] as const;
const FIRST = ['Ann', 'Bob', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo'];
const LAST = ['Lee', 'Smith', 'Jones', 'Garcia', 'Nguyen', 'Brown', 'Patel', 'Kim', 'Lopez', 'Young'];
/** A surname only a few orders carry, so the search benchmark's answer stays the same size at both scales. */
const RARE_SURNAME = 'Quillfeather';

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

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
  await batchPut(db, tableName, orders as unknown as Array<Record<string, unknown>>);

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
      Key: counters.orders(),
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
        Key: counters.day(day),
        UpdateExpression: 'ADD orders_received :n',
        ExpressionAttributeValues: { ':n': n },
      }),
    );
  }
}

async function orderCount(db: DynamoDBDocumentClient, tableName: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: counters.orders() }));
  return Number(Item?.order_count ?? 0);
}

export interface Scenario {
  name: string;
  /** A path, or one made per request (page changes). */
  path: string | (() => string);
}

/** Each request of a scenario differs (status, search text, page), so no answer is simply repeated. */
export const pick = <T>(values: readonly T[]): T => values[randomInt(values.length)];
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
    name: 'orders list, page changes of a filter',
    path: () => `/api/admin/orders?status=completed&page=${1 + randomInt(20)}`,
  },
  { name: 'dashboard', path: '/api/admin/dashboard' },
];

/** Each scenario: its first request (cold or refreshing cache), then p50/p99 and throughput under autocannon. */
export async function measure(
  scenarios: readonly Scenario[],
  site: string,
  token: string,
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
    // The first request after the orders were added: a cold list Lambda loads, a warm one reads the change.
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

/** A document client of the local stack's DynamoDB, as the Lambdas build theirs. */
export const localDb = (info: LocalStackInfo) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: info.urls.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );

/** Puts items with BatchWrite, several batches in flight, retrying what DynamoDB Local leaves unprocessed. */
export async function batchPut(
  db: DynamoDBDocumentClient,
  tableName: string,
  items: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  const batches: Array<Array<Record<string, unknown>>> = [];
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

/** Latency at each size and the largest size's p50/p99 as ratios of the smallest's (the 1.2x budget). */
export function sizeRatios(
  scenarios: readonly Scenario[],
  small: Awaited<ReturnType<typeof measure>>,
  large: Awaited<ReturnType<typeof measure>>,
) {
  return Object.fromEntries(
    scenarios.map(({ name }) => [
      name,
      {
        p50Ratio: round(large[name].p50Ms / Math.max(small[name].p50Ms, 1), 2),
        p99Ratio: round(large[name].p99Ms / Math.max(small[name].p99Ms, 1), 2),
      },
    ]),
  );
}

export async function benchBackOffice(info: LocalStackInfo, connections: number, durationSec: number) {
  const db = localDb(info);
  try {
    const token = await staffToken(info);
    const sizes = [1_000, 100_000];
    const bySize: Record<string, { seedSeconds: number; scenarios: Awaited<ReturnType<typeof measure>> }> =
      {};
    for (const size of sizes) {
      const have = await orderCount(db, info.tableName);
      const started = performance.now();
      if (size > have) await addOrders(db, info.tableName, size - have);
      const seedSeconds = round((performance.now() - started) / 1000, 1);
      bySize[size] = {
        seedSeconds,
        scenarios: await measure(SCENARIOS, info.urls.site, token, connections, durationSec),
      };
    }
    const [small, large] = sizes.map((s) => bySize[s].scenarios);
    const ratios = sizeRatios(SCENARIOS, small, large);
    return { budgetRatio: 1.2, connections, durationSec, orders: bySize, ratios };
  } finally {
    db.destroy();
  }
}
