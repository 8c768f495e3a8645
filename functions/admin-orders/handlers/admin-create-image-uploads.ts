import { adminCreateImageUploads as route } from '../../../shared/routes/admin-create-image-uploads.js';
import { httpRoute } from '../../lib/http.js';
import { createImageUploads } from '../order-images.js';

export const handler = httpRoute(route, async ({ params, body }) =>
  createImageUploads(params.orderId, body.files),
);
