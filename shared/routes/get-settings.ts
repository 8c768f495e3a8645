import type { RouteDef } from '../route-def.js';
import { ZPublicSettings } from '../schemas/settings.js';
import { items } from '../table-access.js';

export const getSettings = {
  method: 'GET',
  path: '/api/settings',
  auth: 'public',
  handler: 'settings/handlers/get-settings',
  request: {},
  response: ZPublicSettings,
  capabilities: [items(['GetItem'], 'settings')],
} as const satisfies RouteDef;
