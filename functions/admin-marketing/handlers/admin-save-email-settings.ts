import { adminSaveEmailSettings as route } from '../../../shared/routes/admin-save-email-settings.js';
import { systemClock } from '../../lib/clock.js';
import { saveEmailSettings } from '../../lib/email/email-settings.js';
import { httpRoute } from '../../lib/http.js';

export const handler = httpRoute(route, ({ body }) => saveEmailSettings(body, systemClock()));
