import type { RouteDef } from '../route-def.js';
import { ZAdminCustomerList, ZAdminCustomerListQuery } from '../schemas/admin-customer-list.js';
import { query } from '../table-access.js';

/** The customers list: search, filters and one page, newest last order first, with the exact number of matches. */
export const adminListCustomers = {
  method: 'GET',
  path: '/api/admin/customers',
  auth: 'admin',
  handler: 'admin-customers/handlers/admin-list-customers',
  request: { query: ZAdminCustomerListQuery },
  response: ZAdminCustomerList,
  capabilities: [query('changes', 'customers')],
  // Every customer's list columns live in memory (a ChangeCache), and more memory also means more CPU.
  memoryMb: 1024,
  // A cold start loads the whole working set before answering.
  timeoutSeconds: 29,
} as const satisfies RouteDef;
