import type { RouteDef } from '../route-def.js';
import { ZAdminSettings } from '../schemas/admin-settings.js';
import { items } from '../table-access.js';

/** The whole settings record for the back office; credentials only as set / last four. */
export const adminGetSettings = {
  method: 'GET',
  path: '/api/admin/settings',
  auth: 'admin',
  handler: 'admin-settings/handlers/admin-get-settings',
  request: {},
  response: ZAdminSettings,
  capabilities: [items(['GetItem'], 'settings'), 'secret:read'],
} as const satisfies RouteDef;
