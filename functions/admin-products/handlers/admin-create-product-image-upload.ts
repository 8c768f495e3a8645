import { adminCreateProductImageUpload as route } from '../../../shared/routes/admin-create-product-image-upload.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { createProductImageUpload } from '../product-images.js';

export const handler = httpRoute(route, async ({ body }) => createProductImageUpload(body, systemClock()));
