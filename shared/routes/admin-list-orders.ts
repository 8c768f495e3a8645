import type { RouteDef } from '../route-def.js';
import { ZAdminOrderList, ZAdminOrderListQuery } from '../schemas/admin-orders.js';

/** The orders list: search, filters and one page, with the exact number of matches. */
export const adminListOrders = {
  method: 'GET',
  path: '/api/admin/orders',
  auth: 'admin',
  handler: 'admin-orders/handlers/list-orders',
  request: { query: ZAdminOrderListQuery },
  response: ZAdminOrderList,
  capabilities: ['table:read'],
} as const satisfies RouteDef;
