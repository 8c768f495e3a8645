import { apiMessages } from '../../../shared/messages.js';
import { getProduct as route } from '../../../shared/routes/get-product.js';
import { notFound } from '../../lib/errors.js';
import { httpRoute } from '../../lib/http.js';
import { getProduct } from '../../lib/products/product-repository.js';

export const handler = httpRoute(route, async ({ params }) => {
  const product = await getProduct(params.id.toLowerCase());
  if (!product) throw notFound(apiMessages.productNotFound);
  return product;
});
