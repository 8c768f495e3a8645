import type { RouteDef } from '../route-def.js';
import {
  ZAdminOrderParams,
  ZSetOrderStatusRequest,
  ZSetOrderStatusResponse,
} from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/** Moves an order to any status; completing it marks it paid when nothing was logged and e-mails the seller. */
export const adminSetOrderStatus = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/status',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-set-order-status',
  request: { params: ZAdminOrderParams, body: ZSetOrderStatusRequest },
  response: ZSetOrderStatusResponse,
  capabilities: [
    items(['GetItem', 'UpdateItem'], 'order'),
    items(['UpdateItem'], 'stats', 'dailyStats'),
    items(['PutItem'], 'outbox'),
    items(['GetItem'], 'settings', 'emailTemplate'),
  ],
} as const satisfies RouteDef;
