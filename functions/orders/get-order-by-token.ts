import { ORDER_LINK_LIFETIME_DAYS } from '../../shared/constants.js';
import { orderMessages } from '../../shared/messages.js';
import { getOrderByToken as route } from '../../shared/routes/get-order-by-token.js';
import { isOrderLinkExpired } from '../../shared/rules/order.js';
import { isAccessToken, type OrderConfirmation } from '../../shared/schemas/order.js';
import { systemClock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { httpRoute } from '../lib/http.js';
import { errorDetails, log } from '../lib/log.js';
import { logOrderAccess } from './access-log-repository.js';
import { getOrder, getOrderIdByToken } from './order-repository.js';
import { toConfirmation } from './order-views.js';

/** The secret link: 400 malformed, 404 unknown, 410 expired (45 days); every attempt is logged. */
export async function orderByToken(token: string, ip: string, now: Date): Promise<OrderConfirmation> {
  let success = false;
  try {
    if (!isAccessToken(token)) throw new AppError('validation', orderMessages.invalidToken);
    const orderId = await getOrderIdByToken(token.toLowerCase());
    const order = orderId ? await getOrder(orderId) : null;
    if (!order) throw new AppError('not_found', orderMessages.notFound);
    if (isOrderLinkExpired(order.created_at, now, ORDER_LINK_LIFETIME_DAYS)) {
      throw new AppError('gone', orderMessages.expired);
    }
    success = true;
    return toConfirmation(order);
  } finally {
    await logOrderAccess(token, success, ip, now).catch((error: unknown) =>
      log('error', 'order access not logged', errorDetails(error)),
    );
  }
}

export const handler = httpRoute(route, async ({ query, sourceIp }) =>
  orderByToken(query.token, sourceIp, systemClock()),
);
