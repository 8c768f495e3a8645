import { adminGetDashboard as route } from '../../../shared/routes/admin-get-dashboard.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { loadDashboard } from '../dashboard.js';

export const handler = httpRoute(route, async () => loadDashboard(systemClock()));
