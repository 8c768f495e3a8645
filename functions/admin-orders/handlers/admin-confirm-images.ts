import { adminConfirmImages as route } from '../../../shared/routes/admin-confirm-images.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { confirmImages } from '../order-images.js';

export const handler = httpRoute(route, async ({ params, body, auth }) =>
  toAdminDetail(await confirmImages(params.orderId, body.imageIds, auth?.email, systemClock)),
);
