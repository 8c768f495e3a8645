import type { RouteDef } from '../route-def.js';
import { ZMarketingStats } from '../schemas/admin-marketing.js';
import { items } from '../table-access.js';

/** The marketing page's figures for the last 30 days, from the daily message counters (one Query). */
export const adminGetMarketingStats = {
  method: 'GET',
  path: '/api/admin/marketing/stats',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-get-marketing-stats',
  request: {},
  response: ZMarketingStats,
  capabilities: [items(['Query'], 'messagingStats')],
} as const satisfies RouteDef;
