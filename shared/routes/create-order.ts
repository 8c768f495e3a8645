import type { RouteDef } from '../route-def.js';
import { ZCreateOrderRequest, ZIdempotencyHeaders } from '../schemas/checkout.js';
import { ZOrderConfirmation } from '../schemas/order.js';

/** Checkout. 201 with the order; the same Idempotency-Key and body answer the same order again (200). */
export const createOrder = {
  method: 'POST',
  path: '/api/orders',
  auth: 'public',
  handler: 'orders/create-order',
  request: { headers: ZIdempotencyHeaders, body: ZCreateOrderRequest },
  response: ZOrderConfirmation,
  capabilities: ['table:read', 'table:write', 'payout:encrypt'],
} as const satisfies RouteDef;
