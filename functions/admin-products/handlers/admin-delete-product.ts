import { adminDeleteProduct as route } from '../../../shared/routes/admin-delete-product.js';
import { httpRoute } from '../../lib/http.js';
import { deleteProduct } from '../product-writes.js';

export const handler = httpRoute(route, async ({ params }) => deleteProduct(params.id.toLowerCase()));
