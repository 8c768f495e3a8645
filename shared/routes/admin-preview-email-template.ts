import type { RouteDef } from '../route-def.js';
import { ZEmailTemplateInput, ZEmailTemplateParams, ZEmailTemplatePreview } from '../schemas/admin-email.js';

/** Render unsaved template text with a sample order (every value escaped); nothing is written. */
export const adminPreviewEmailTemplate = {
  method: 'POST',
  path: '/api/admin/email/templates/{key}/preview',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-preview-email-template',
  request: { params: ZEmailTemplateParams, body: ZEmailTemplateInput },
  response: ZEmailTemplatePreview,
  capabilities: [],
} as const satisfies RouteDef;
