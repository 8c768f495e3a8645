import type { RouteDef } from '../route-def.js';
import {
  ZAdminOrderParams,
  ZSendOrderEmailRequest,
  ZSendOrderEmailResponse,
} from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/** 'Send Completion Email' / 'Send Confirmation Email': queues the stored template's e-mail to the seller. */
export const adminSendOrderEmail = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/emails',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-send-order-email',
  request: { params: ZAdminOrderParams, body: ZSendOrderEmailRequest },
  response: ZSendOrderEmailResponse,
  capabilities: [
    items(['GetItem', 'UpdateItem'], 'order'),
    items(['GetItem'], 'settings', 'emailTemplate'),
    'email-jobs:send',
  ],
} as const satisfies RouteDef;
