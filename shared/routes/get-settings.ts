import type { RouteDef } from '../route-def.js';
import { ZPublicSettings } from '../schemas/settings.js';

export const getSettings = {
  method: 'GET',
  path: '/api/settings',
  auth: 'public',
  handler: 'settings/get-public-settings',
  request: {},
  response: ZPublicSettings,
  capabilities: ['table:read'],
} as const satisfies RouteDef;
