import { adminGetOrder as route } from '../../../shared/routes/admin-get-order.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { getOrderForStaff } from '../../lib/order-writes.js';

export const handler = httpRoute(route, async ({ params }) =>
  toAdminDetail(await getOrderForStaff(params.orderId)),
);
