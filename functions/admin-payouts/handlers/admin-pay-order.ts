import { adminPayOrder as route } from '../../../shared/routes/admin-pay-order.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { payOrder } from '../pay-order.js';

export const handler = httpRoute(route, async ({ params, body, auth }) =>
  toAdminDetail(await payOrder(params.orderId, body, auth?.email, systemClock)),
);
