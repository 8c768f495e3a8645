import { lookupOrder as route } from '../../../shared/routes/lookup-order.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { lookupOrder } from '../lookup.js';

export const handler = httpRoute(route, async ({ body, sourceIp }) =>
  lookupOrder(body, sourceIp, systemClock()),
);
