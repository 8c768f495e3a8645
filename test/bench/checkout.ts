/**
 * Checkout under load (`BENCH_PARTS=checkout`, also inside `api`): every request a new order by a new seller
 * from a new client, so each one writes a whole order, its own customer record and the shared counters, as
 * real checkouts do. Reported as orders placed per second (2xx answers only: a checkout that gave up is not an
 * order) and latency, beside a product read at the same concurrency for scale, and beside the order
 * transaction alone on the same DynamoDB Local (test/bench/counters.ts): the budget is checkout at 0.8 of it.
 * Then a burst: `BURST` checkouts sent at once, counted by answer status against the orders written.
 */
import { randomUUID } from 'node:crypto';
import { checkoutBody } from '../support/checkout.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { asClient, newClientIp } from '../support/stack.js';
import { orderTransactionBench, type TransactionRun } from './counters.js';
import { type LoadResult, loadUrl } from './load.js';
import { median, round } from './stats.js';

export interface CheckoutLoad extends LoadResult {
  ordersPerSec: number;
}

/** `connections` checkouts in flight for `durationSec`, each a new order. */
export async function loadCheckouts(
  site: string,
  productId: string,
  connections: number,
  durationSec: number,
): Promise<CheckoutLoad> {
  const checkout = checkoutBody('bench@example.com', [{ productId, quantity: 2 }]);
  const result = await loadUrl(`${site}/api/orders`, connections, durationSec, {
    method: 'POST',
    body: () => ({ ...checkout, email: `bench-${randomUUID()}@example.com` }),
    // A new seller from a new client: the per-IP checkout limit never caps the measurement.
    headers: () => ({ 'idempotency-key': randomUUID(), ...asClient(newClientIp()) }),
  });
  return { ...result, ordersPerSec: round(result.ok / durationSec) };
}

const BURST = 200;

/** `size` checkouts sent at once, each a new seller from a new client: their answers by status. */
export async function checkoutBurst(site: string, productId: string, size = BURST) {
  const checkout = checkoutBody('burst@example.com', [{ productId, quantity: 1 }]);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: size }, async () => {
      const email = `burst-${randomUUID()}@example.com`;
      const response = await fetch(`${site}/api/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
          ...asClient(newClientIp()),
        },
        body: JSON.stringify({ ...checkout, email }),
      });
      const body = (await response.json().catch(() => ({}))) as { orderId?: string };
      return { status: response.status, orderId: body.orderId, ms: performance.now() - started };
    }),
  );
  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  return {
    size,
    byStatus,
    lastAnswerMs: round(Math.max(...answers.map((a) => a.ms))),
    orderIds: answers.flatMap((a) => (a.status === 201 && a.orderId ? [a.orderId] : [])),
  };
}

/** How many of `orderIds` the table holds (the functions' client: orderTransactionBench pointed it here). */
async function ordersStored(orderIds: string[]): Promise<number> {
  const { batchGetItems } = await import('../../functions/lib/db.js');
  const { order } = await import('../../functions/lib/entities.js');
  return (await batchGetItems(orderIds.map(order.key))).length;
}

/**
 * DynamoDB Local's throughput climbs for its first tens of seconds (the JVM compiling its hot paths), so the
 * part warms both paths for a while first, then alternates them (checkout, transaction, checkout,
 * transaction): each side sees the machine in the same state, and the ratio compares the medians.
 */
export async function benchCheckout(
  info: LocalStackInfo,
  productId: string,
  connections: number,
  durationSec: number,
) {
  const site = info.urls.site;
  const transaction = await orderTransactionBench(info, connections);
  await loadCheckouts(site, productId, connections, durationSec);
  await transaction('as checkout writes it', durationSec);
  await loadUrl(`${site}/api/products/${productId}`, 10, 2);
  const read = await loadUrl(`${site}/api/products/${productId}`, connections, durationSec);
  const checkouts: CheckoutLoad[] = [];
  const alone: TransactionRun[] = [];
  for (let round = 0; round < 2; round++) {
    checkouts.push(await loadCheckouts(site, productId, connections, durationSec));
    alone.push(await transaction('as checkout writes it', durationSec));
  }
  const checkoutRate = median(checkouts.map((c) => c.ordersPerSec));
  const transactionRate = median(alone.map((t) => t.ordersPerSec));
  const layouts = {
    'one counters item': await transaction('one counters item', durationSec),
    'without the limit slots': await transaction('without the limit slots', durationSec),
  };
  const burst = await checkoutBurst(site, productId);
  const { orderIds, ...burstFigures } = burst;
  return {
    connections,
    durationSec,
    'GET /api/products/{id}': read,
    'POST /api/orders (each a new order)': checkouts,
    'order transaction alone (as checkout writes it)': alone,
    checkoutVsTransaction: round(checkoutRate / transactionRate, 3),
    otherLayouts: layouts,
    burst: { ...burstFigures, ordersStored: await ordersStored(orderIds) },
  };
}
