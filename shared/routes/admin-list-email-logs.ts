import type { RouteDef } from '../route-def.js';
import { ZEmailLogList } from '../schemas/admin-email.js';
import { query } from '../table-access.js';

/** Recent Emails: the last 10 (recipient, subject, status, sent at), delivery outcomes included. */
export const adminListEmailLogs = {
  method: 'GET',
  path: '/api/admin/email/logs',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-list-email-logs',
  request: {},
  response: ZEmailLogList,
  capabilities: [query('collection', 'emailLog')],
} as const satisfies RouteDef;
