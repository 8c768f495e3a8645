import type { RouteDef } from '../route-def.js';
import { ZReceivingOrder, ZReceivingParams } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/** One order as the packing table and the inspection form need it. */
export const adminGetReceivedOrder = {
  method: 'GET',
  path: '/api/admin/receiving/orders/{orderId}',
  auth: 'admin',
  handler: 'admin-receiving/handlers/admin-get-received-order',
  request: { params: ZReceivingParams },
  response: ZReceivingOrder,
  capabilities: [items(['GetItem'], 'order')],
} as const satisfies RouteDef;
