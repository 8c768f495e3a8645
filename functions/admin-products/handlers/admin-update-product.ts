import { adminUpdateProduct as route } from '../../../shared/routes/admin-update-product.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { updateProduct } from '../product-writes.js';

export const handler = httpRoute(route, async ({ params, body }) =>
  updateProduct(params.id.toLowerCase(), body, systemClock),
);
