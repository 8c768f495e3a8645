import type { RouteDef } from '../route-def.js';
import { ZAdminOrderDetail, ZAdminOrderParams } from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/** One order with everything the detail page shows. */
export const adminGetOrder = {
  method: 'GET',
  path: '/api/admin/orders/{orderId}',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-get-order',
  request: { params: ZAdminOrderParams },
  response: ZAdminOrderDetail,
  capabilities: [items(['GetItem'], 'order')],
} as const satisfies RouteDef;
