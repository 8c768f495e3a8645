import { adminRevealPayoutDetails as route } from '../../../shared/routes/admin-reveal-payout-details.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { configuredPayoutOpener } from '../../lib/payout-crypto.js';
import { revealPayoutDetails } from '../payout-reveal.js';

export const handler = httpRoute(route, async ({ params, auth }) => {
  const { details, order } = await revealPayoutDetails(
    params.orderId,
    auth?.email,
    await configuredPayoutOpener(),
    systemClock,
  );
  return { paymentDetails: details, order: toAdminDetail(order) };
});
