import type { RouteDef } from '../route-def.js';
import { ZEmpty } from '../schemas/common.js';
import { ZProductList } from '../schemas/product.js';
import { query } from '../table-access.js';

export const listProducts = {
  method: 'GET',
  path: '/api/products',
  auth: 'public',
  handler: 'products/handlers/list-products',
  request: { query: ZEmpty },
  response: ZProductList,
  capabilities: [query('collection', 'catalogue')],
} as const satisfies RouteDef;
