import { regenerateQrCode as route } from '../../../shared/routes/regenerate-qr-code.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { loadForSeller } from '../label-access.js';
import { regenerateQrCode } from '../qr-codes.js';

export const handler = httpRoute(route, async ({ params, body, sourceIp }) => {
  const now = systemClock();
  return regenerateQrCode(await loadForSeller(params.orderId, body.token, now), now, sourceIp);
});
