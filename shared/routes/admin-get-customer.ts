import type { RouteDef } from '../route-def.js';
import { ZAdminCustomerDetail, ZCustomerIdParams } from '../schemas/admin-customer.js';
import { items, query } from '../table-access.js';

/** One customer: profile, aggregates and the 5 latest orders; 404 'Customer not found'. */
export const adminGetCustomer = {
  method: 'GET',
  path: '/api/admin/customers/{id}',
  auth: 'admin',
  handler: 'admin-customers/handlers/admin-get-customer',
  request: { params: ZCustomerIdParams },
  response: ZAdminCustomerDetail,
  capabilities: [items(['GetItem'], 'customer'), query('byCustomer', 'customer')],
} as const satisfies RouteDef;
