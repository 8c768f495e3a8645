import type { RouteDef } from '../route-def.js';
import { ZProduct } from '../schemas/product.js';
import { ZProductInput } from '../schemas/product-input.js';
import { items, query } from '../table-access.js';

/** A new product with the next productid (claimed in the same transaction); answers 201 with it. */
export const adminCreateProduct = {
  method: 'POST',
  path: '/api/admin/products',
  auth: 'admin',
  handler: 'admin-products/handlers/admin-create-product',
  request: { body: ZProductInput },
  response: ZProduct,
  capabilities: [
    items(['PutItem'], 'product', 'productIdClaim'),
    items(['UpdateItem'], 'stats'),
    query('collection', 'catalogue'),
    'product-images:read',
  ],
} as const satisfies RouteDef;
