import type { RouteDef } from '../route-def.js';
import { ZSmsSettings } from '../schemas/admin-sms.js';
import { items } from '../table-access.js';

/** SMS settings with the spec's defaults; the auth token only as set or not. */
export const adminGetSmsSettings = {
  method: 'GET',
  path: '/api/admin/sms/settings',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-get-sms-settings',
  request: {},
  response: ZSmsSettings,
  capabilities: [items(['GetItem'], 'settings', 'messagingStats'), 'signing-secret:read'],
} as const satisfies RouteDef;
