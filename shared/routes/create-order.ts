import type { RouteDef } from '../route-def.js';
import { ZCreateOrderRequest, ZIdempotencyHeaders } from '../schemas/checkout.js';
import { ZOrderConfirmation } from '../schemas/order.js';
import { items } from '../table-access.js';

/** Checkout. 201 with the order; the same Idempotency-Key and body answer the same order again (200). */
export const createOrder = {
  method: 'POST',
  path: '/api/orders',
  auth: 'public',
  handler: 'orders/handlers/create-order',
  request: { headers: ZIdempotencyHeaders, body: ZCreateOrderRequest },
  response: ZOrderConfirmation,
  capabilities: [
    // The one read: an earlier answer to the key, the settings, the products.
    items(['BatchGetItem'], 'checkoutIdempotency', 'settings', 'product'),
    // The one write, and the winner's answer when a duplicate loses the race.
    items(['GetItem', 'PutItem'], 'checkoutIdempotency', 'order'),
    items(['PutItem'], 'orderToken', 'outbox'),
    items(['UpdateItem'], 'customer', 'stats', 'dailyStats'),
    items(['UpdateItem'], 'rateLimit'),
    'payout:encrypt',
  ],
} as const satisfies RouteDef;
