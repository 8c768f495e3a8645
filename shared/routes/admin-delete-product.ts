import type { RouteDef } from '../route-def.js';
import { ZDeleteProductResponse } from '../schemas/admin-products.js';
import { ZProductIdParams } from '../schemas/common.js';
import { items } from '../table-access.js';

/** Deletes the product and frees its productid, then removes its image (a failure there is only logged). */
export const adminDeleteProduct = {
  method: 'DELETE',
  path: '/api/admin/products/{id}',
  auth: 'admin',
  handler: 'admin-products/handlers/admin-delete-product',
  request: { params: ZProductIdParams },
  response: ZDeleteProductResponse,
  capabilities: [
    items(['GetItem', 'DeleteItem'], 'product'),
    items(['DeleteItem'], 'productIdClaim'),
    'product-images:write',
  ],
} as const satisfies RouteDef;
