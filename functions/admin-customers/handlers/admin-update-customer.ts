import { adminCustomerMessages as m } from '../../../shared/messages.js';
import { adminUpdateCustomer as route } from '../../../shared/routes/admin-update-customer.js';
import { isCustomerId } from '../../../shared/schemas/admin-customer.js';
import { systemClock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { httpRoute } from '../../lib/http.js';
import { updateCustomer } from '../customer-repository.js';

export const handler = httpRoute(route, async ({ params, body }) => {
  if (!isCustomerId(params.id)) throw notFound(m.notFound);
  return updateCustomer(params.id, body, systemClock());
});
