import type { RouteDef } from '../route-def.js';
import { ZEmpty } from '../schemas/common.js';
import { ZProductList } from '../schemas/product.js';
import { query } from '../table-access.js';

/** The whole catalogue for staff, in productid order, out-of-stock products included. */
export const adminListProducts = {
  method: 'GET',
  path: '/api/admin/products',
  auth: 'admin',
  handler: 'admin-products/handlers/admin-list-products',
  request: { query: ZEmpty },
  response: ZProductList,
  capabilities: [query('collection', 'catalogue')],
} as const satisfies RouteDef;
