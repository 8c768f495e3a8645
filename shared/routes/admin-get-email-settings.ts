import type { RouteDef } from '../route-def.js';
import { ZEmailSettings } from '../schemas/admin-email.js';
import { items } from '../table-access.js';

/** E-mail settings and whether SES has verified the sender (GetEmailIdentity). */
export const adminGetEmailSettings = {
  method: 'GET',
  path: '/api/admin/email/settings',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-get-email-settings',
  request: {},
  response: ZEmailSettings,
  capabilities: [items(['GetItem'], 'settings'), 'email:check'],
} as const satisfies RouteDef;
