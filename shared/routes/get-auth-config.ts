import type { RouteDef } from '../route-def.js';
import { ZAuthConfig } from '../schemas/auth.js';

/** The back office's sign-in configuration (public: the login page needs it before anyone is signed in). */
export const getAuthConfig = {
  method: 'GET',
  path: '/api/auth/config',
  auth: 'public',
  handler: 'auth/handlers/get-auth-config',
  request: {},
  response: ZAuthConfig,
  capabilities: ['auth:config'],
} as const satisfies RouteDef;
