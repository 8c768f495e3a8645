import { adminDeleteOrderImage as route } from '../../../shared/routes/admin-delete-order-image.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { deleteImage } from '../order-images.js';

export const handler = httpRoute(route, async ({ params, auth }) =>
  toAdminDetail(await deleteImage(params.orderId, params.imageId, auth?.email, systemClock)),
);
