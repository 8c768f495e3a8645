import { adminListOrders as route } from '../../../shared/routes/admin-list-orders.js';
import { httpRoute } from '../../lib/http.js';
import { OrderListCache } from '../order-list-cache.js';
import { readOrderListSince } from '../order-list-repository.js';

/** Module scope: the cache lives as long as the warm Lambda. */
const cache = new OrderListCache(readOrderListSince);

export const handler = httpRoute(route, async ({ query }) => cache.list(query));
