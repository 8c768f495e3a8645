import type { RouteDef } from '../route-def.js';
import { ZAdminCustomerDetail, ZCustomerIdParams } from '../schemas/admin-customer.js';

/** One customer: profile, aggregates and the 5 latest orders; 404 'Customer not found'. */
export const adminGetCustomer = {
  method: 'GET',
  path: '/api/admin/customers/{id}',
  auth: 'admin',
  handler: 'admin-customers/handlers/get-customer',
  request: { params: ZCustomerIdParams },
  response: ZAdminCustomerDetail,
  capabilities: ['table:read'],
} as const satisfies RouteDef;
