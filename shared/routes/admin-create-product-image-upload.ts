import type { RouteDef } from '../route-def.js';
import { ZProductImageUploadRequest, ZProductImageUploadResponse } from '../schemas/admin-products.js';

/** A presigned POST for one product image: the policy fixes its key, its content type and its size range. */
export const adminCreateProductImageUpload = {
  method: 'POST',
  path: '/api/admin/products/images/uploads',
  auth: 'admin',
  handler: 'admin-products/handlers/admin-create-product-image-upload',
  request: { body: ZProductImageUploadRequest },
  response: ZProductImageUploadResponse,
  capabilities: ['product-images:write'],
} as const satisfies RouteDef;
