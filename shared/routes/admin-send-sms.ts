import type { RouteDef } from '../route-def.js';
import { ZSendSmsRequest, ZSmsSendResult } from '../schemas/admin-sms.js';
import { items } from '../table-access.js';

/**
 * Marketing SMS to comma-separated recipients: each valid, not opted-out number within today's limit is
 * recorded and queued; the others come back refused with the reason.
 */
export const adminSendSms = {
  method: 'POST',
  path: '/api/admin/sms/send',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-send-sms',
  request: { body: ZSendSmsRequest },
  response: ZSmsSendResult,
  capabilities: [
    items(['GetItem'], 'settings', 'smsOptOut'),
    items(['PutItem', 'UpdateItem'], 'sms'),
    items(['UpdateItem'], 'messagingStats'),
    'signing-secret:read',
    'sms-jobs:send',
  ],
} as const satisfies RouteDef;
