import { adminGetSettings as route } from '../../../shared/routes/admin-get-settings.js';
import { httpRoute } from '../../lib/http.js';
import { getAdminSettings } from '../admin-settings.js';

export const handler = httpRoute(route, () => getAdminSettings());
