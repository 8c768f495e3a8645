import { adminListPayouts as route } from '../../../shared/routes/admin-list-payouts.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { listPayouts } from '../payouts-list.js';

export const handler = httpRoute(route, async ({ query }) => listPayouts(query, systemClock()));
