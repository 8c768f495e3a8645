import { adminSaveEmailSettings as route } from '../../../shared/routes/admin-save-email-settings.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { saveEmailSettings } from '../email-settings.js';

export const handler = httpRoute(route, ({ body }) => saveEmailSettings(body, systemClock()));
