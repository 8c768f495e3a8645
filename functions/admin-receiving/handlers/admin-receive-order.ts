import { adminReceiveOrder as route } from '../../../shared/routes/admin-receive-order.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { receiveOrder } from '../receiving.js';

export const handler = httpRoute(route, ({ params, auth }) =>
  receiveOrder(params.orderId, auth?.email, systemClock),
);
