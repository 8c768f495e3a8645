import type { RouteDef } from '../route-def.js';
import { ZReceiveResult, ZReceivingParams } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/**
 * 'Mark Received': who and when on the order (status processing, an activity entry), the day's received list
 * and counters, in one transaction; a box received already answers who received it and when.
 */
export const adminReceiveOrder = {
  method: 'POST',
  path: '/api/admin/receiving/orders/{orderId}/receive',
  auth: 'admin',
  handler: 'admin-receiving/handlers/admin-receive-order',
  request: { params: ZReceivingParams },
  response: ZReceiveResult,
  capabilities: [
    items(['GetItem', 'UpdateItem'], 'order'),
    items(['PutItem'], 'received'),
    items(['UpdateItem'], 'stats'),
  ],
} as const satisfies RouteDef;
