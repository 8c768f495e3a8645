import { adminListProducts as route } from '../../../shared/routes/admin-list-products.js';
import { httpRoute } from '../../lib/http.js';
import { listProducts } from '../../lib/products/product-repository.js';

export const handler = httpRoute(route, async () => ({ products: await listProducts() }));
