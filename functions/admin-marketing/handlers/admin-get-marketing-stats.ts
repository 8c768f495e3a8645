import { adminGetMarketingStats as route } from '../../../shared/routes/admin-get-marketing-stats.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { readMessageStats } from '../../lib/message-stats.js';

export const handler = httpRoute(route, async () => readMessageStats(systemClock()));
