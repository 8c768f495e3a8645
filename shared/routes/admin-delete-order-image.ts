import type { RouteDef } from '../route-def.js';
import { ZAdminOrderDetail, ZDeleteImageParams } from '../schemas/admin-orders.js';

/** Removes one photo from the order and from the bucket. */
export const adminDeleteOrderImage = {
  method: 'DELETE',
  path: '/api/admin/orders/{orderId}/images/{imageId}',
  auth: 'admin',
  handler: 'admin-orders/handlers/delete-image',
  request: { params: ZDeleteImageParams },
  response: ZAdminOrderDetail,
  capabilities: ['table:read', 'table:write', 'images:write'],
} as const satisfies RouteDef;
