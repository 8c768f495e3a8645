import type { RouteDef } from '../route-def.js';
import { ZAdminSession } from '../schemas/admin.js';

export const getAdminSession = {
  method: 'GET',
  path: '/api/admin/session',
  auth: 'admin',
  handler: 'auth/handlers/get-admin-session',
  request: {},
  response: ZAdminSession,
  capabilities: [],
} as const satisfies RouteDef;
