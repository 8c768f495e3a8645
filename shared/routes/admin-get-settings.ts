import type { RouteDef } from '../route-def.js';
import { ZAdminSettings } from '../schemas/admin-settings.js';

/** The whole settings record for the back office; credentials only as set / last four. */
export const adminGetSettings = {
  method: 'GET',
  path: '/api/admin/settings',
  auth: 'admin',
  handler: 'settings/handlers/admin-get-settings',
  request: {},
  response: ZAdminSettings,
  capabilities: ['table:read', 'secret:read'],
} as const satisfies RouteDef;
