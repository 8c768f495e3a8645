import { adminUpdateSettings as route } from '../../../shared/routes/admin-update-settings.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { saveAdminSettings } from '../admin-settings.js';

export const handler = httpRoute(route, ({ body }) => saveAdminSettings(body, systemClock()));
