import { adminLogPayment as route } from '../../../shared/routes/admin-log-payment.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { logPayment } from '../order-payments.js';

export const handler = httpRoute(route, async ({ params, body, auth }) =>
  toAdminDetail(await logPayment(params.orderId, body, auth?.email, systemClock)),
);
