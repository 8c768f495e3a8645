import type { RouteDef } from '../route-def.js';
import { ZAdminOrderDetail, ZAdminOrderParams } from '../schemas/admin-orders.js';

/** One order with everything the detail page shows. */
export const adminGetOrder = {
  method: 'GET',
  path: '/api/admin/orders/{orderId}',
  auth: 'admin',
  handler: 'admin-orders/handlers/get-order',
  request: { params: ZAdminOrderParams },
  response: ZAdminOrderDetail,
  capabilities: ['table:read'],
} as const satisfies RouteDef;
