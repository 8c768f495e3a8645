import type { RouteDef } from '../route-def.js';
import {
  ZAdminCustomerDetail,
  ZCustomerIdParams,
  ZUpdateCustomerRequest,
} from '../schemas/admin-customer.js';
import { items, query } from '../table-access.js';

/** Staff edit a customer's name, phone and address (never the aggregates); 404 for an unknown customer. */
export const adminUpdateCustomer = {
  method: 'PUT',
  path: '/api/admin/customers/{id}',
  auth: 'admin',
  handler: 'admin-customers/handlers/admin-update-customer',
  request: { params: ZCustomerIdParams, body: ZUpdateCustomerRequest },
  response: ZAdminCustomerDetail,
  capabilities: [items(['UpdateItem'], 'customer'), query('byCustomer', 'customer')],
} as const satisfies RouteDef;
