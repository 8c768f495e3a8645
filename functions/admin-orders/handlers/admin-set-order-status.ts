import { adminSetOrderStatus as route } from '../../../shared/routes/admin-set-order-status.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { setOrderStatus } from '../order-status.js';

export const handler = httpRoute(route, async ({ params, body, auth }) => {
  const { order, completionEmail } = await setOrderStatus(
    params.orderId,
    body.status,
    auth?.email,
    systemClock,
  );
  return { order: toAdminDetail(order), completionEmail };
});
