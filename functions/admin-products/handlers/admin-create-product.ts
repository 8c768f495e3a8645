import { adminCreateProduct as route } from '../../../shared/routes/admin-create-product.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute, reply } from '../../lib/http.js';
import { createProduct } from '../product-writes.js';

export const handler = httpRoute(route, async ({ body }) =>
  reply(201, await createProduct(body, systemClock)),
);
