import type { RouteDef } from '../route-def.js';
import { ZEmailTemplate, ZEmailTemplateParams } from '../schemas/admin-email.js';

/** One template with its bodies and the variables it may use. */
export const adminGetEmailTemplate = {
  method: 'GET',
  path: '/api/admin/email/templates/{key}',
  auth: 'admin',
  handler: 'email/handlers/admin-get-email-template',
  request: { params: ZEmailTemplateParams },
  response: ZEmailTemplate,
  capabilities: ['table:read'],
} as const satisfies RouteDef;
