import type { RouteDef } from '../route-def.js';
import { ZAdminOrderDetail } from '../schemas/admin-orders.js';
import { ZPayOrderRequest, ZReceivingParams } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/**
 * 'Pay and Complete': logs the payment of the amount due (computed at inspection) and completes the order, with
 * the completion e-mail (what was paid, and why it differs from the quote), the counters and the payouts queue,
 * in one transaction conditional on the inspection version the row showed.
 */
export const adminPayOrder = {
  method: 'POST',
  path: '/api/admin/payouts/{orderId}/pay',
  auth: 'admin',
  handler: 'admin-payouts/handlers/admin-pay-order',
  request: { params: ZReceivingParams, body: ZPayOrderRequest },
  response: ZAdminOrderDetail,
  capabilities: [
    items(['GetItem', 'UpdateItem'], 'order'),
    items(['DeleteItem'], 'payouts'),
    items(['PutItem'], 'outbox'),
    items(['UpdateItem'], 'stats', 'dailyStats'),
    // Whether the completion e-mail can be owed (e-mail switched on, the stored template usable).
    items(['GetItem'], 'settings', 'emailTemplate'),
  ],
} as const satisfies RouteDef;
