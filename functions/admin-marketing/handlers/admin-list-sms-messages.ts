import { adminListSmsMessages as route } from '../../../shared/routes/admin-list-sms-messages.js';
import { httpRoute } from '../../lib/http.js';
import { listHistory } from '../sms-history.js';

export const handler = httpRoute(route, () => listHistory());
