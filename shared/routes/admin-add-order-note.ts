import type { RouteDef } from '../route-def.js';
import { ZAddNoteRequest, ZAdminOrderDetail, ZAdminOrderParams } from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/** Appends a staff note to the order. */
export const adminAddOrderNote = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/notes',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-add-order-note',
  request: { params: ZAdminOrderParams, body: ZAddNoteRequest },
  response: ZAdminOrderDetail,
  capabilities: [items(['GetItem', 'UpdateItem'], 'order')],
} as const satisfies RouteDef;
