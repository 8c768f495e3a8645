/**
 * Checkout under load (`BENCH_PARTS=checkout`, also inside `api`): every request a new order by a new seller
 * from a new client, so each one writes a whole order, its own customer record and the shared counters, as
 * real checkouts do. Reported as orders placed per second (2xx answers only: a checkout that gave up is not an
 * order) and latency, beside a product read at the same concurrency for scale.
 */
import { randomUUID } from 'node:crypto';
import { checkoutBody } from '../support/checkout.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { asClient, newClientIp } from '../support/stack.js';
import { benchCounterTransactions } from './counters.js';
import { type LoadResult, loadUrl } from './load.js';
import { round } from './stats.js';

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

export async function benchCheckout(
  info: LocalStackInfo,
  productId: string,
  connections: number,
  durationSec: number,
) {
  const site = info.urls.site;
  // Warm the functions and connections first (a few orders, a few reads).
  await loadCheckouts(site, productId, 5, 2);
  await loadUrl(`${site}/api/products/${productId}`, 10, 2);
  const read = await loadUrl(`${site}/api/products/${productId}`, connections, durationSec);
  const checkout = await loadCheckouts(site, productId, connections, durationSec);
  return {
    connections,
    durationSec,
    'GET /api/products/{id}': read,
    'POST /api/orders (each a new order)': checkout,
    orderTransactionAlone: await benchCounterTransactions(info, connections, durationSec),
  };
}
