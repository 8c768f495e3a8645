import type { RouteDef } from '../route-def.js';
import { ZEmailTemplate, ZEmailTemplateParams } from '../schemas/admin-email.js';
import { items } from '../table-access.js';

/** One template with its bodies and the variables it may use. */
export const adminGetEmailTemplate = {
  method: 'GET',
  path: '/api/admin/email/templates/{key}',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-get-email-template',
  request: { params: ZEmailTemplateParams },
  response: ZEmailTemplate,
  capabilities: [items(['GetItem'], 'emailTemplate')],
} as const satisfies RouteDef;
