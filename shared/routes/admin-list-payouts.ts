import type { RouteDef } from '../route-def.js';
import { ZPayoutList, ZPayoutListQuery } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/** Orders inspected, answered (or past their window) and not yet paid, oldest first; search and pages. */
export const adminListPayouts = {
  method: 'GET',
  path: '/api/admin/payouts',
  auth: 'admin',
  handler: 'admin-payouts/handlers/admin-list-payouts',
  request: { query: ZPayoutListQuery },
  response: ZPayoutList,
  capabilities: [items(['Query'], 'payouts')],
} as const satisfies RouteDef;
