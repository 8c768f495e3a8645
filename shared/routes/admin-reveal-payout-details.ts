import type { RouteDef } from '../route-def.js';
import { ZAdminOrderParams, ZRevealPayoutDetailsResponse } from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/**
 * The seller's payout details in full (the order detail shows them masked). Each call is written to the order's
 * activity log with who asked; the only route that may decrypt them.
 */
export const adminRevealPayoutDetails = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/payout-details/reveal',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-reveal-payout-details',
  request: { params: ZAdminOrderParams },
  response: ZRevealPayoutDetailsResponse,
  capabilities: [items(['GetItem', 'UpdateItem'], 'order'), 'payout:decrypt'],
} as const satisfies RouteDef;
