import type { RouteDef } from '../route-def.js';
import { ZOrderByTokenQuery, ZOrderConfirmation } from '../schemas/order.js';

/** The secret link from the confirmation e-mail: 400 malformed, 404 unknown, 410 older than 45 days. */
export const getOrderByToken = {
  method: 'GET',
  path: '/api/orders/by-token',
  auth: 'public',
  handler: 'orders/get-order-by-token',
  request: { query: ZOrderByTokenQuery },
  response: ZOrderConfirmation,
  capabilities: ['table:read', 'table:write'],
} as const satisfies RouteDef;
