import type { RouteDef } from '../route-def.js';
import { ZAdminOrderDetail, ZAdminOrderParams, ZConfirmImagesRequest } from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/** Checks each uploaded object (size, type, magic bytes) and attaches the good ones to the order. */
export const adminConfirmImages = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/images',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-confirm-images',
  request: { params: ZAdminOrderParams, body: ZConfirmImagesRequest },
  response: ZAdminOrderDetail,
  capabilities: [items(['GetItem', 'UpdateItem'], 'order'), 'order-photos:read', 'order-photos:write'],
} as const satisfies RouteDef;
