import type { RouteDef } from '../route-def.js';
import {
  ZAdminOrderParams,
  ZCreateImageUploadsRequest,
  ZCreateImageUploadsResponse,
} from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/** Presigned POSTs for order photos: the policy fixes each key, its content type and its size range. */
export const adminCreateImageUploads = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/images/uploads',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-create-image-uploads',
  request: { params: ZAdminOrderParams, body: ZCreateImageUploadsRequest },
  response: ZCreateImageUploadsResponse,
  capabilities: [items(['GetItem'], 'order'), 'order-photos:write'],
} as const satisfies RouteDef;
