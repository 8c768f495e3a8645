import type { RouteDef } from '../route-def.js';
import { ZAdminSettings } from '../schemas/admin-settings.js';
import { ZAdminSettingsUpdate } from '../schemas/admin-settings-update.js';
import { items } from '../table-access.js';

/** One card's save: only the fields sent are written; credentials go to the stage's secret. */
export const adminUpdateSettings = {
  method: 'PATCH',
  path: '/api/admin/settings',
  auth: 'admin',
  handler: 'admin-settings/handlers/admin-update-settings',
  request: { body: ZAdminSettingsUpdate },
  response: ZAdminSettings,
  capabilities: [items(['GetItem', 'PutItem', 'UpdateItem'], 'settings'), 'secret:write'],
} as const satisfies RouteDef;
