import type { RouteDef } from '../route-def.js';
import { ZAddNoteRequest, ZAdminOrderDetail, ZAdminOrderParams } from '../schemas/admin-orders.js';

/** Appends a staff note to the order. */
export const adminAddOrderNote = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/notes',
  auth: 'admin',
  handler: 'admin-orders/handlers/add-note',
  request: { params: ZAdminOrderParams, body: ZAddNoteRequest },
  response: ZAdminOrderDetail,
  capabilities: ['table:read', 'table:write'],
} as const satisfies RouteDef;
