import {
  LOOKUP_FAILURE_LIMIT_PER_IP,
  LOOKUP_FAILURE_LIMIT_PER_ORDER,
  LOOKUP_WINDOW_MINUTES,
} from '../../shared/constants.js';
import { lookupMessages } from '../../shared/messages.js';
import { lookupOrder as route } from '../../shared/routes/lookup-order.js';
import { isOrderId } from '../../shared/rules/order.js';
import type { OrderLookupRequest, OrderTracking } from '../../shared/schemas/order.js';
import { systemClock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { httpRoute } from '../lib/http.js';
import { getOrder } from './order-repository.js';
import { toTracking } from './order-views.js';
import { failureCounts, recordFailure, windowAt } from './rate-limit-repository.js';

/**
 * Tracking by order number and checkout e-mail (compared case-insensitively). Failed lookups count against
 * the client IP and the order number; past the limit the answer is 429 until the window ends.
 */
export async function lookupOrder(
  request: OrderLookupRequest,
  ip: string,
  now: Date,
): Promise<OrderTracking> {
  const window = windowAt(now, LOOKUP_WINDOW_MINUTES);
  const scopes = [`ip#${ip}`, `order#${request.orderNumber.slice(0, 20)}`];
  const [byIp, byOrder] = await failureCounts(scopes, window);
  if (byIp >= LOOKUP_FAILURE_LIMIT_PER_IP || byOrder >= LOOKUP_FAILURE_LIMIT_PER_ORDER) {
    const seconds = Math.max(1, Math.ceil((window.end - now.getTime()) / 1000));
    throw new AppError('rate_limited', lookupMessages.tooMany(Math.ceil(seconds / 60)), undefined, {
      'retry-after': String(seconds),
    });
  }
  const order = isOrderId(request.orderNumber) ? await getOrder(request.orderNumber) : null;
  if (!order) {
    await recordFailure(scopes, window);
    throw new AppError('not_found', lookupMessages.notFound);
  }
  if (order.customer.email.trim().toLowerCase() !== request.email.trim().toLowerCase()) {
    await recordFailure(scopes, window);
    throw new AppError('forbidden', lookupMessages.invalidCredentials);
  }
  return toTracking(order);
}

export const handler = httpRoute(route, async ({ body, sourceIp }) =>
  lookupOrder(body, sourceIp, systemClock()),
);
