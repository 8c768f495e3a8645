import { adminGetSmsSettings as route } from '../../../shared/routes/admin-get-sms-settings.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { getSmsSettingsView } from '../../lib/sms/sms-settings.js';

export const handler = httpRoute(route, () => getSmsSettingsView(systemClock()));
