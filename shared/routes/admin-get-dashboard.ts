import type { RouteDef } from '../route-def.js';
import { ZDashboard } from '../schemas/dashboard.js';
import { items, query } from '../table-access.js';

/** The overview: counters (one GetItem), the chart's days (one Query) and the 7 newest orders. */
export const adminGetDashboard = {
  method: 'GET',
  path: '/api/admin/dashboard',
  auth: 'admin',
  handler: 'dashboard/handlers/get-dashboard',
  request: {},
  response: ZDashboard,
  capabilities: [items(['GetItem'], 'stats'), items(['Query'], 'dailyStats'), query('collection', 'orders')],
} as const satisfies RouteDef;
