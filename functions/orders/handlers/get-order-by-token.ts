import { getOrderByToken as route } from '../../../shared/routes/get-order-by-token.js';
import type { OrderLinkView } from '../../../shared/schemas/inspection.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { errorDetails, log } from '../../lib/log.js';
import { assertLinkLive, orderIdForToken } from '../../lib/order-access.js';
import { toConfirmation } from '../../lib/order-views.js';
import { toPublicInspectionView } from '../../lib/receiving/views.js';
import { logOrderAccess } from '../access-log-repository.js';
import { getOrder } from '../order-repository.js';

/** The secret link: 400 malformed, 404 unknown, 410 expired (45 days); every attempt is logged. */
export async function orderByToken(token: string, ip: string, now: Date): Promise<OrderLinkView> {
  let success = false;
  try {
    const order = await getOrder(await orderIdForToken(token));
    assertLinkLive(order, now);
    success = true;
    const inspection = toPublicInspectionView(order);
    return { ...toConfirmation(order), ...(inspection ? { inspection } : {}) };
  } finally {
    await logOrderAccess(token, success, ip, now).catch((error: unknown) =>
      log('error', 'order access not logged', errorDetails(error)),
    );
  }
}

export const handler = httpRoute(route, async ({ query, sourceIp }) =>
  orderByToken(query.token, sourceIp, systemClock()),
);
