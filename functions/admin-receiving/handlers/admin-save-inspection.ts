import { adminSaveInspection as route } from '../../../shared/routes/admin-save-inspection.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { saveInspection } from '../inspection.js';
import { getReceivingOrder } from '../receiving.js';

export const handler = httpRoute(route, async ({ params, body, auth }) => {
  await saveInspection(params.orderId, body, auth?.email, systemClock);
  return getReceivingOrder(params.orderId);
});
