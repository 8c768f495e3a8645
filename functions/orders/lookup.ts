import {
  LOOKUP_FAILURE_CEILING_PER_ORDER,
  LOOKUP_FAILURE_LIMIT_PER_CLIENT_ORDER,
  LOOKUP_FAILURE_LIMIT_PER_IP,
  LOOKUP_WINDOW_MINUTES,
} from '../../shared/constants.js';
import { lookupMessages } from '../../shared/messages.js';
import { isOrderId } from '../../shared/rules/order.js';
import type { OrderTrackingView } from '../../shared/schemas/inspection.js';
import type { OrderLookupRequest } from '../../shared/schemas/order.js';
import { AppError } from '../lib/errors.js';
import { toTracking } from '../lib/order-views.js';
import { countHits, type Limit, limitStates, rateLimited, scopeOf } from '../lib/rate-limit.js';
import { toPublicInspectionView } from '../lib/receiving/views.js';
import { getOrder } from './order-repository.js';

const limit = (scope: string, max: number): Limit => ({
  scope,
  max,
  windowMinutes: LOOKUP_WINDOW_MINUTES,
});

/** An unknown order number and a wrong e-mail look alike: the answer never tells which numbers exist. */
const noMatch = () => new AppError('forbidden', lookupMessages.invalidCredentials);

/**
 * Tracking by order number and checkout e-mail (compared case-insensitively). Failed lookups count against
 * this client on this order, this client overall, and the order from anywhere. The first two refuse (429)
 * this client only. The order's ceiling refuses only clients that have already failed on it: a client that
 * has not is still answered, so failures from elsewhere never lock the owner out.
 */
export async function lookupOrder(
  request: OrderLookupRequest,
  ip: string,
  now: Date,
): Promise<OrderTrackingView> {
  const orderNumber = request.orderNumber.slice(0, 20);
  const pair = limit(scopeOf('lookup', 'order-ip', orderNumber, ip), LOOKUP_FAILURE_LIMIT_PER_CLIENT_ORDER);
  const client = limit(scopeOf('lookup', 'ip', ip), LOOKUP_FAILURE_LIMIT_PER_IP);
  const order = limit(scopeOf('lookup', 'order', orderNumber), LOOKUP_FAILURE_CEILING_PER_ORDER);
  const limits = [pair, client, order];
  const [byPair, byClient, byOrder] = await limitStates(limits, now);
  const tooMany = (...states: Array<{ windowEnd: number }>) =>
    rateLimited(
      states.map((s) => s.windowEnd),
      now,
      lookupMessages.tooMany,
    );
  // This client's own limits refuse it outright, before the order is read.
  const own = [byPair, byClient].filter((s) => s.full);
  if (own.length > 0) throw tooMany(...own);
  // The order's ceiling refuses only a client that has failed on it.
  if (byOrder.full && byPair.count > 0) throw tooMany(byOrder);

  const found = isOrderId(orderNumber) ? await getOrder(orderNumber) : null;
  if (found && found.customer.email.trim().toLowerCase() === request.email.trim().toLowerCase()) {
    const inspection = toPublicInspectionView(found);
    return { ...toTracking(found), ...(inspection ? { inspection } : {}) };
  }
  await countHits(limits, now);
  throw byOrder.full ? tooMany(byOrder) : noMatch();
}
