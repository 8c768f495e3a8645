import { adminListEmailLogs as route } from '../../../shared/routes/admin-list-email-logs.js';
import { listRecentEmails } from '../../lib/email/email-log-repository.js';
import { httpRoute } from '../../lib/http.js';

export const handler = httpRoute(route, async () => ({ emails: await listRecentEmails() }));
