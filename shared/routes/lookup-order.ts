import type { RouteDef } from '../route-def.js';
import { ZOrderLookupRequest, ZOrderTracking } from '../schemas/order.js';

/** Tracking by order number and checkout e-mail; failures are rate limited per IP and per order number. */
export const lookupOrder = {
  method: 'POST',
  path: '/api/orders/lookup',
  auth: 'public',
  handler: 'orders/lookup-order',
  request: { body: ZOrderLookupRequest },
  response: ZOrderTracking,
  capabilities: ['table:read', 'table:write'],
} as const satisfies RouteDef;
