import { adminUpdateSmsSettings as route } from '../../../shared/routes/admin-update-sms-settings.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { saveSmsSettings } from '../../lib/sms/sms-settings.js';

export const handler = httpRoute(route, ({ body }) => saveSmsSettings(body, systemClock()));
