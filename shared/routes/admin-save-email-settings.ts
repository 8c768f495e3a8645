import type { RouteDef } from '../route-def.js';
import { ZEmailSettings, ZSaveEmailSettingsRequest } from '../schemas/admin-email.js';
import { items } from '../table-access.js';

/** Save the e-mail card (enable, from, reply-to) into the settings record; answers with the sender check. */
export const adminSaveEmailSettings = {
  method: 'PUT',
  path: '/api/admin/email/settings',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-save-email-settings',
  request: { body: ZSaveEmailSettingsRequest },
  response: ZEmailSettings,
  capabilities: [items(['GetItem', 'PutItem', 'UpdateItem'], 'settings'), 'email:check'],
} as const satisfies RouteDef;
