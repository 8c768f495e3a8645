import { adminImportProducts as route } from '../../../shared/routes/admin-import-products.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { importProducts } from '../product-import.js';

export const handler = httpRoute(route, async ({ body }) => importProducts(body.rows, systemClock));
