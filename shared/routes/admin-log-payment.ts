import type { RouteDef } from '../route-def.js';
import { ZAdminOrderDetail, ZAdminOrderParams, ZLogPaymentRequest } from '../schemas/admin-orders.js';
import { items } from '../table-access.js';

/** Logs a payment: paid amount, method, notes, payment and activity logs and the counters in one transaction. */
export const adminLogPayment = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/payments',
  auth: 'admin',
  handler: 'admin-orders/handlers/admin-log-payment',
  request: { params: ZAdminOrderParams, body: ZLogPaymentRequest },
  response: ZAdminOrderDetail,
  capabilities: [items(['GetItem', 'UpdateItem'], 'order'), items(['UpdateItem'], 'stats', 'dailyStats')],
} as const satisfies RouteDef;
