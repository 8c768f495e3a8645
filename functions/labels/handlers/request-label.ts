import { requestLabel as route } from '../../../shared/routes/request-label.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { loadForSeller } from '../label-access.js';
import { requestLabel } from '../label-requests.js';

export const handler = httpRoute(route, async ({ params, body, sourceIp }) => {
  const now = systemClock();
  return requestLabel(await loadForSeller(params.orderId, body.token, now), now, sourceIp);
});
