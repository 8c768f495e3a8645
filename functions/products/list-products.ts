import { routes } from '../../shared/routes.js';
import { httpRoute } from '../lib/http.js';
import { listProducts } from './product-repository.js';

export const handler = httpRoute(routes.listProducts, async () => ({ products: await listProducts() }));
