import type { RouteDef } from '../route-def.js';
import { ZSmsSettings, ZUpdateSmsSettingsRequest } from '../schemas/admin-sms.js';

/** Save the fields sent (each saved on change); the auth token goes to the stage's secret, write-only. */
export const adminUpdateSmsSettings = {
  method: 'PATCH',
  path: '/api/admin/sms/settings',
  auth: 'admin',
  handler: 'sms/handlers/admin-update-sms-settings',
  request: { body: ZUpdateSmsSettingsRequest },
  response: ZSmsSettings,
  capabilities: ['table:read', 'table:write', 'secret:read', 'secret:write'],
} as const satisfies RouteDef;
