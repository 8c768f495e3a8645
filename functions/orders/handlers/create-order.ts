import { createOrder as route } from '../../../shared/routes/create-order.js';
import { IDEMPOTENCY_HEADER } from '../../../shared/schemas/checkout.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute, reply } from '../../lib/http.js';
import { createOrder } from '../create-order-service.js';

export const handler = httpRoute(route, async ({ body, headers, sourceIp }) => {
  const { created, order } = await createOrder(body, headers[IDEMPOTENCY_HEADER], sourceIp, systemClock());
  return reply(created ? 201 : 200, order);
});
