import type { RouteDef } from '../route-def.js';
import { ZDashboard } from '../schemas/dashboard.js';
import { items, query } from '../table-access.js';

/**
 * The overview: the order counters (one Query: their shards), the chart's days (one Query: every day's shards)
 * and the 7 newest orders.
 */
export const adminGetDashboard = {
  method: 'GET',
  path: '/api/admin/dashboard',
  auth: 'admin',
  handler: 'admin-dashboard/handlers/admin-get-dashboard',
  request: {},
  response: ZDashboard,
  capabilities: [items(['Query'], 'stats', 'dailyStats'), query('collection', 'orders')],
} as const satisfies RouteDef;
