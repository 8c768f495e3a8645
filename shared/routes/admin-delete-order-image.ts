import type { RouteDef } from '../route-def.js';
import { ZAdminOrderDetail, ZDeleteImageParams } from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/** Removes one photo from the order and from the bucket. */
export const adminDeleteOrderImage = {
  method: 'DELETE',
  path: '/api/admin/orders/{orderId}/images/{imageId}',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-delete-order-image',
  request: { params: ZDeleteImageParams },
  response: ZAdminOrderDetail,
  capabilities: [items(['GetItem', 'UpdateItem'], 'order'), 'order-photos:write'],
} as const satisfies RouteDef;
