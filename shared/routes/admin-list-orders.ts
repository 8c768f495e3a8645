import type { RouteDef } from '../route-def.js';
import { ZAdminOrderList, ZAdminOrderListQuery } from '../schemas/admin-order-list.js';
import { query } from '../table-access.js';

/** The orders list: search, filters and one page, with the exact number of matches. */
export const adminListOrders = {
  method: 'GET',
  path: '/api/admin/orders',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-list-orders',
  request: { query: ZAdminOrderListQuery },
  response: ZAdminOrderList,
  capabilities: [query('orderList', 'orders')],
  // The list's working set (every order's list columns) lives in memory: ~100 MB at 100,000 orders, and more
  // memory also means more CPU for filtering.
  memoryMb: 1024,
  // A cold start loads the whole working set before answering (a few seconds at 100,000 orders).
  timeoutSeconds: 29,
} as const satisfies RouteDef;
