import type { RouteDef } from '../route-def.js';
import { ZEmailTemplate, ZEmailTemplateInput, ZEmailTemplateParams } from '../schemas/admin-email.js';
import { items } from '../table-access.js';

/** Save a template; refused with the reason when it names an unknown variable or cannot be rendered. */
export const adminUpdateEmailTemplate = {
  method: 'PUT',
  path: '/api/admin/email/templates/{key}',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-update-email-template',
  request: { params: ZEmailTemplateParams, body: ZEmailTemplateInput },
  response: ZEmailTemplate,
  capabilities: [items(['PutItem'], 'emailTemplate')],
} as const satisfies RouteDef;
