import { adminListCustomers as route } from '../../../shared/routes/admin-list-customers.js';
import { httpRoute } from '../../lib/http.js';
import { CustomerListCache } from '../customer-list-cache.js';
import { readCustomersSince } from '../customer-repository.js';

/** Module scope: the cache lives as long as the warm Lambda. */
const cache = new CustomerListCache(readCustomersSince);

export const handler = httpRoute(route, async ({ query }) => cache.list(query));
