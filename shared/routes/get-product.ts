import type { RouteDef } from '../route-def.js';
import { ZProductIdParams } from '../schemas/common.js';
import { ZProduct } from '../schemas/product.js';
import { items } from '../table-access.js';

export const getProduct = {
  method: 'GET',
  path: '/api/products/{id}',
  auth: 'public',
  handler: 'products/handlers/get-product',
  request: { params: ZProductIdParams },
  response: ZProduct,
  capabilities: [items(['GetItem'], 'product')],
} as const satisfies RouteDef;
