import type { RouteDef } from '../route-def.js';
import { ZPayoutOverview } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/** The last 30 days' acceptance rate, value rejected by reason and median days to paid, from the day counters. */
export const adminGetPayoutOverview = {
  method: 'GET',
  path: '/api/admin/payouts/overview',
  auth: 'admin',
  handler: 'admin-payouts/handlers/admin-get-payout-overview',
  request: {},
  response: ZPayoutOverview,
  capabilities: [items(['Query'], 'dailyStats')],
} as const satisfies RouteDef;
