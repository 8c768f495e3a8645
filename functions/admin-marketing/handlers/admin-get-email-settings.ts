import { adminGetEmailSettings as route } from '../../../shared/routes/admin-get-email-settings.js';
import { getEmailSettingsView } from '../../lib/email/email-settings.js';
import { httpRoute } from '../../lib/http.js';

export const handler = httpRoute(route, () => getEmailSettingsView());
