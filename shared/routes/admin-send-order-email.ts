import type { RouteDef } from '../route-def.js';
import {
  ZAdminOrderParams,
  ZSendOrderEmailRequest,
  ZSendOrderEmailResponse,
} from '../schemas/admin-orders.js';

/** 'Send Completion Email' / 'Send Confirmation Email': queues the stored template's e-mail to the seller. */
export const adminSendOrderEmail = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/emails',
  auth: 'admin',
  handler: 'admin-orders/handlers/send-order-email',
  request: { params: ZAdminOrderParams, body: ZSendOrderEmailRequest },
  response: ZSendOrderEmailResponse,
  capabilities: ['table:read', 'table:write', 'email-jobs:send'],
} as const satisfies RouteDef;
