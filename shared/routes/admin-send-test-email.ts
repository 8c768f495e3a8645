import type { RouteDef } from '../route-def.js';
import { ZSendTestEmailRequest, ZSendTestEmailResponse } from '../schemas/admin-email.js';
import { items } from '../table-access.js';

/** Send a test e-mail now through SES, after the spec's preconditions (enabled, from set, sender verified). */
export const adminSendTestEmail = {
  method: 'POST',
  path: '/api/admin/email/test',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-send-test-email',
  request: { body: ZSendTestEmailRequest },
  response: ZSendTestEmailResponse,
  capabilities: [
    items(['PutItem'], 'emailJob'),
    items(['UpdateItem'], 'messagingStats'),
    items(['GetItem'], 'settings'),
    'email:check',
    'email:send',
  ],
} as const satisfies RouteDef;
