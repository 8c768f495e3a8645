import type { RouteDef } from '../route-def.js';
import {
  ZAdminOrderParams,
  ZSetOrderStatusRequest,
  ZSetOrderStatusResponse,
} from '../schemas/admin-orders.js';

/** Moves an order to any status; completing it marks it paid when nothing was logged and e-mails the seller. */
export const adminSetOrderStatus = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/status',
  auth: 'admin',
  handler: 'admin-orders/handlers/set-order-status',
  request: { params: ZAdminOrderParams, body: ZSetOrderStatusRequest },
  response: ZSetOrderStatusResponse,
  capabilities: ['table:read', 'table:write'],
} as const satisfies RouteDef;
