import type { RouteDef } from '../route-def.js';
import { ZReceivingOrder, ZReceivingParams } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/**
 * 'Buy Return Label': a label from the warehouse back to the seller for the items they asked back, bought through
 * the same EasyPost path as the free label; logged on the order and e-mailed to the seller (outbox).
 */
export const adminBuyReturnLabel = {
  method: 'POST',
  path: '/api/admin/receiving/orders/{orderId}/return-label',
  auth: 'admin',
  handler: 'labels/handlers/admin-buy-return-label',
  request: { params: ZReceivingParams },
  response: ZReceivingOrder,
  capabilities: [
    items(['GetItem', 'UpdateItem'], 'order'),
    items(['GetItem'], 'settings'),
    items(['PutItem'], 'outbox'),
    'secret:read',
  ],
  timeoutSeconds: 29,
} as const satisfies RouteDef;
