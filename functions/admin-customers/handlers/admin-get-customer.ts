import { adminCustomerMessages as m } from '../../../shared/messages.js';
import { adminGetCustomer as route } from '../../../shared/routes/admin-get-customer.js';
import { isCustomerId } from '../../../shared/schemas/admin-customer.js';
import { notFound } from '../../lib/errors.js';
import { httpRoute } from '../../lib/http.js';
import { getCustomerDetail } from '../customer-repository.js';

export const handler = httpRoute(route, async ({ params }) => {
  if (!isCustomerId(params.id)) throw notFound(m.notFound);
  return getCustomerDetail(params.id);
});
