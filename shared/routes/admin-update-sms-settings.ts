import type { RouteDef } from '../route-def.js';
import { ZSmsSettings, ZUpdateSmsSettingsRequest } from '../schemas/admin-sms.js';
import { items } from '../table-access.js';

/** Save the fields sent (each saved on change); the auth token goes to the stage's secret, write-only. */
export const adminUpdateSmsSettings = {
  method: 'PATCH',
  path: '/api/admin/sms/settings',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-update-sms-settings',
  request: { body: ZUpdateSmsSettingsRequest },
  response: ZSmsSettings,
  capabilities: [
    items(['GetItem', 'PutItem', 'UpdateItem'], 'settings'),
    items(['GetItem'], 'messagingStats'),
    'signing-secret:write',
  ],
} as const satisfies RouteDef;
