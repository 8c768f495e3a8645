import { adminGetPayoutOverview as route } from '../../../shared/routes/admin-get-payout-overview.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { getPayoutOverview } from '../payout-overview.js';

export const handler = httpRoute(route, async () => getPayoutOverview(systemClock()));
