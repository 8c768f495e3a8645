import { adminRegenerateQrCode as route } from '../../../shared/routes/admin-regenerate-qr-code.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { loadForAdmin } from '../label-access.js';
import { regenerateQrCode } from '../qr-codes.js';

export const handler = httpRoute(route, async ({ params }) =>
  regenerateQrCode(await loadForAdmin(params.orderId), systemClock()),
);
