import type { RouteDef } from '../route-def.js';
import { ZOrderLookupRequest, ZOrderTracking } from '../schemas/order.js';
import { items } from '../table-access.js';

/**
 * Tracking by order number and checkout e-mail; failures are limited per order and client IP together, per
 * client IP, and by a per-order ceiling that never refuses a client that has not failed on the order.
 */
export const lookupOrder = {
  method: 'POST',
  path: '/api/orders/lookup',
  auth: 'public',
  handler: 'orders/handlers/lookup-order',
  request: { body: ZOrderLookupRequest },
  response: ZOrderTracking,
  capabilities: [items(['GetItem'], 'order'), items(['BatchGetItem', 'UpdateItem'], 'rateLimit')],
} as const satisfies RouteDef;
