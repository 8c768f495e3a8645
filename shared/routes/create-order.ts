import type { RouteDef } from '../route-def.js';
import { ZCreateOrderRequest, ZIdempotencyHeaders } from '../schemas/checkout.js';
import { ZOrderConfirmation } from '../schemas/order.js';
import { items } from '../table-access.js';

/** Checkout. 201 with the order; the same Idempotency-Key and body answer the same order again (200). */
export const createOrder = {
  method: 'POST',
  path: '/api/orders',
  auth: 'public',
  handler: 'orders/create-order',
  request: { headers: ZIdempotencyHeaders, body: ZCreateOrderRequest },
  response: ZOrderConfirmation,
  capabilities: [
    items(['GetItem', 'PutItem'], 'checkoutIdempotency', 'order'),
    items(['PutItem'], 'orderToken', 'outbox'),
    items(['UpdateItem'], 'customer', 'stats', 'dailyStats'),
    items(['PutItem', 'UpdateItem'], 'rateLimit'),
    items(['BatchGetItem'], 'product'),
    items(['GetItem'], 'settings'),
    'payout:encrypt',
  ],
} as const satisfies RouteDef;
