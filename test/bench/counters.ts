/**
 * The order transaction alone (functions/orders/order-repository.ts writeNewOrder) against the local stack's
 * DynamoDB Local, `connections` writers at once, each order new (its own id, customer, token and idempotency
 * record, and a new seller and client for the limit slots), so the counters are the only items two
 * transactions share. Three layouts: every write on one counters item (`shard 0` always: the layout before the
 * shards), a shard at random without the limit slots (checkout before the slots joined its transaction), and as
 * checkout writes it (a shard at random, the two limit slots). A write refused by a concurrent transaction
 * (TransactionConflict) is retried as checkout retries it; the conflicts are counted. Part of
 * `BENCH_PARTS=checkout`: the floor that checkout's orders per second are compared with.
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

export type TransactionLayout = 'one counters item' | 'without the limit slots' | 'as checkout writes it';

export interface TransactionRun {
  ordersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  orders: number;
  conflictsPerOrder: number;
  failed: number;
}

/** A runner of the order transaction alone, in one layout, for `seconds`. */
export async function orderTransactionBench(info: LocalStackInfo, connections: number) {
  // The functions' module-scope client reads its endpoint and table from the environment, as in a Lambda.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = info.urls.dynamodb;
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  process.env.TABLE_NAME = info.tableName;
  const { writeNewOrder, OrderTransactionConflict } = await import(
    '../../functions/orders/order-repository.js'
  );

  const { checkoutLimits } = await import('../../functions/orders/create-order-service.js');
  const { slotWrite } = await import('../../functions/lib/rate-limit.js');
  /** Checkout's limit slots for a new seller from a new client. */
  const slots = (order: OrderItem, now: Date) =>
    checkoutLimits(order.customer.email, randomUUID()).map((limit) => slotWrite(limit, now));

  return async (layout: TransactionLayout, seconds: number): Promise<TransactionRun> => {
    const shard = () => (layout === 'one counters item' ? 0 : undefined);
    const latencies: number[] = [];
    let conflicts = 0;
    let failed = 0;
    const end = Date.now() + seconds * 1000;
    const loop = async () => {
      while (Date.now() < end) {
        const started = performance.now();
        for (let attempt = 1; ; attempt++) {
          try {
            const now = new Date();
            const order = newOrder(now);
            const extra = layout === 'as checkout writes it' ? slots(order, now) : [];
            await writeNewOrder(order, 'bench', now, { shard: shard(), extra });
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
}
