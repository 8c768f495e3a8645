import type { RouteDef } from '../route-def.js';
import { ZOrderByTokenQuery, ZOrderConfirmation } from '../schemas/order.js';
import { items } from '../table-access.js';

/** The secret link from the confirmation e-mail: 400 malformed, 404 unknown, 410 older than 45 days. */
export const getOrderByToken = {
  method: 'GET',
  path: '/api/orders/by-token',
  auth: 'public',
  handler: 'orders/handlers/get-order-by-token',
  request: { query: ZOrderByTokenQuery },
  response: ZOrderConfirmation,
  capabilities: [items(['GetItem'], 'orderToken', 'order'), items(['PutItem'], 'accessLog')],
} as const satisfies RouteDef;
