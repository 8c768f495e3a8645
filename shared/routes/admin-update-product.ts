import type { RouteDef } from '../route-def.js';
import { ZProductIdParams } from '../schemas/common.js';
import { ZProduct } from '../schemas/product.js';
import { ZProductInput } from '../schemas/product-input.js';
import { items } from '../table-access.js';

/** Replaces a product's fields; its id, productid and created_at stay. */
export const adminUpdateProduct = {
  method: 'PUT',
  path: '/api/admin/products/{id}',
  auth: 'admin',
  handler: 'admin-products/handlers/admin-update-product',
  request: { params: ZProductIdParams, body: ZProductInput },
  response: ZProduct,
  capabilities: [items(['GetItem', 'PutItem'], 'product'), 'product-images:read', 'product-images:write'],
} as const satisfies RouteDef;
