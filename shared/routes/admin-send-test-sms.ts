import type { RouteDef } from '../route-def.js';
import { ZSendTestSmsRequest, ZSmsSendResult } from '../schemas/admin-sms.js';
import { items } from '../table-access.js';

/** Queue a test SMS to one number, after the spec's preconditions (settings exist and are enabled). */
export const adminSendTestSms = {
  method: 'POST',
  path: '/api/admin/sms/test',
  auth: 'admin',
  handler: 'admin-marketing/handlers/admin-send-test-sms',
  request: { body: ZSendTestSmsRequest },
  response: ZSmsSendResult,
  capabilities: [
    items(['GetItem'], 'settings', 'smsOptOut'),
    items(['PutItem', 'UpdateItem'], 'sms'),
    items(['UpdateItem'], 'messagingStats'),
    'signing-secret:read',
    'sms-jobs:send',
  ],
} as const satisfies RouteDef;
