import { adminListEmailTemplates as route } from '../../../shared/routes/admin-list-email-templates.js';
import { httpRoute } from '../../lib/http.js';
import { listTemplates } from '../template-repository.js';

export const handler = httpRoute(route, async () => ({ templates: await listTemplates() }));
