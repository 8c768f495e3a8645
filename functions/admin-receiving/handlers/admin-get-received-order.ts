import { adminGetReceivedOrder as route } from '../../../shared/routes/admin-get-received-order.js';
import { httpRoute } from '../../lib/http.js';
import { getReceivingOrder } from '../receiving.js';

export const handler = httpRoute(route, ({ params }) => getReceivingOrder(params.orderId));
