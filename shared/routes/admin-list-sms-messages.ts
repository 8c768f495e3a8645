import type { RouteDef } from '../route-def.js';
import { ZSmsHistory } from '../schemas/admin-sms.js';
import { query } from '../table-access.js';

/** Message History (latest 50) and the message status log (latest 50). */
export const adminListSmsMessages = {
  method: 'GET',
  path: '/api/admin/sms/messages',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-list-sms-messages',
  request: {},
  response: ZSmsHistory,
  capabilities: [query('collection', 'smsLog', 'smsStatusLog')],
} as const satisfies RouteDef;
