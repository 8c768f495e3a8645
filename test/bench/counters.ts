/**
 * The order transaction alone (functions/orders/order-repository.ts writeNewOrder) against the local stack's
 * DynamoDB Local, `connections` writers at once, each order new (its own id, customer, token and idempotency
 * record), so the counters are the only items two transactions share. Run twice: every write on one counters
 * item (`shard 0` always: the layout before the shards) and as checkout writes them (a shard at random). A write refused by a
 * concurrent transaction (TransactionConflict) is retried as checkout retries it; the conflicts are counted.
 * Part of `BENCH_PARTS=checkout`: it tells what the counters cost checkout apart from the rest of the request.
 */
import { randomUUID } from 'node:crypto';
import type { OrderItem } from '../../functions/lib/entities.js';
import { generateOrderId } from '../../shared/rules/order.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { percentile, round } from './stats.js';

function newOrder(now: Date): OrderItem {
  const id = generateOrderId((n) => Math.floor(Math.random() * n));
  const at = now.toISOString();
  return {
    pk: `ORDER#${id}`,
    sk: 'ORDER',
    entity: 'order',
    order_id: id,
    order_number: id,
    customer_id: 'public',
    status: 'pending',
    shipment_status: 'pending',
    customer: { firstName: 'Ann', lastName: 'Lee', email: `bench-${randomUUID()}@example.com`, phone: '1' },
    products: [{ productId: 'p', quantity: 2, price: 19.99, product: { name: 'Strips' } }],
    total_amount: 39.98,
    paid_amount: 0,
    payment_method: 'check',
    payment_details: {},
    shipping_address: { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
    access_token: randomUUID(),
    attestation: { accepted: true, accepted_at: at },
    payment_log: [],
    notes: [],
    images: {},
    activity_log: [],
    created_at: at,
    updated_at: at,
    idempotency_key: randomUUID(),
  };
}

export async function benchCounterTransactions(
  info: LocalStackInfo,
  connections: number,
  durationSec: number,
) {
  // The functions' module-scope client reads its endpoint and table from the environment, as in a Lambda.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = info.urls.dynamodb;
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  process.env.TABLE_NAME = info.tableName;
  const { writeNewOrder, OrderTransactionConflict } = await import(
    '../../functions/orders/order-repository.js'
  );

  const run = async (shard: () => number | undefined, seconds = durationSec) => {
    const latencies: number[] = [];
    let conflicts = 0;
    let failed = 0;
    const end = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < end) {
        const started = performance.now();
        for (let attempt = 1; ; attempt++) {
          try {
            await writeNewOrder(newOrder(new Date()), 'bench', new Date(), shard());
            latencies.push(performance.now() - started);
            break;
          } catch (error) {
            if (!(error instanceof OrderTransactionConflict) || attempt === 6) {
              failed++;
              break;
            }
            conflicts++;
            // As checkout backs off (functions/orders/create-order-service.ts).
            await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
          }
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
    latencies.sort((a, b) => a - b);
    return {
      ordersPerSec: round(latencies.length / seconds),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      orders: latencies.length,
      conflictsPerOrder: round(conflicts / Math.max(1, latencies.length), 3),
      failed,
    };
  };
  // Warm the client and the table first.
  await run(() => undefined, 2);
  const oneItem = await run(() => 0);
  // No shard named: writeNewOrder picks one, as checkout's writes do.
  const asWritten = await run(() => undefined);
  return { connections, durationSec, 'one counters item': oneItem, 'as checkout writes them': asWritten };
}
