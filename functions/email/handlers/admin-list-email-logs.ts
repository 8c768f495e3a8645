import { adminListEmailLogs as route } from '../../../shared/routes/admin-list-email-logs.js';
import { httpRoute } from '../../lib/http.js';
import { listRecentEmails } from '../email-log-repository.js';

export const handler = httpRoute(route, async () => ({ emails: await listRecentEmails() }));
