import { adminSendOrderEmail as route } from '../../../shared/routes/admin-send-order-email.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { getOrderForStaff } from '../../lib/order-writes.js';
import { queueOrderEmail } from '../send-order-email.js';

export const handler = httpRoute(route, async ({ params, body, auth }) => {
  const { message } = await queueOrderEmail(params.orderId, body.template, auth?.email, systemClock);
  return { message, order: toAdminDetail(await getOrderForStaff(params.orderId)) };
});
