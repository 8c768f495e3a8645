import { adminBuyReturnLabel as route } from '../../../shared/routes/admin-buy-return-label.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { type ReceivingOrderItem, toReceivingOrder } from '../../lib/receiving/views.js';
import { buyReturnLabel } from '../return-labels.js';

export const handler = httpRoute(route, async ({ params, auth }) =>
  toReceivingOrder((await buyReturnLabel(params.orderId, auth?.email, systemClock)) as ReceivingOrderItem),
);
