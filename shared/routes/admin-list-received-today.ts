import type { RouteDef } from '../route-def.js';
import { ZReceivedToday } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/** Today's received boxes (UTC day), newest first, each with whether it is inspected yet. */
export const adminListReceivedToday = {
  method: 'GET',
  path: '/api/admin/receiving/today',
  auth: 'admin',
  handler: 'admin-receiving/handlers/admin-list-received-today',
  request: {},
  response: ZReceivedToday,
  capabilities: [items(['Query'], 'received'), items(['BatchGetItem'], 'order')],
} as const satisfies RouteDef;
