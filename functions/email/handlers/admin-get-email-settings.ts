import { adminGetEmailSettings as route } from '../../../shared/routes/admin-get-email-settings.js';
import { httpRoute } from '../../lib/http.js';
import { getEmailSettingsView } from '../email-settings.js';

export const handler = httpRoute(route, () => getEmailSettingsView());
