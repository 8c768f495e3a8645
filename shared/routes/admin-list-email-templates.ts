import type { RouteDef } from '../route-def.js';
import { ZEmailTemplateList } from '../schemas/admin-email.js';
import { items } from '../table-access.js';

/** The editable templates (name, subject), stored ones over the built-in defaults. */
export const adminListEmailTemplates = {
  method: 'GET',
  path: '/api/admin/email/templates',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-list-email-templates',
  request: {},
  response: ZEmailTemplateList,
  capabilities: [items(['BatchGetItem'], 'emailTemplate')],
} as const satisfies RouteDef;
