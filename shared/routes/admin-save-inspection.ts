import type { RouteDef } from '../route-def.js';
import { ZReceivingOrder, ZReceivingParams, ZSaveInspectionRequest } from '../schemas/receiving.js';
import { items } from '../table-access.js';

/**
 * Saves an inspection: one transaction conditional on the version the form loaded (two inspectors cannot both
 * win), the amounts computed here in cents, the answer window, the payouts queue, the day's counters and the
 * seller's e-mail (outbox) and SMS.
 */
export const adminSaveInspection = {
  method: 'PUT',
  path: '/api/admin/receiving/orders/{orderId}/inspection',
  auth: 'admin',
  handler: 'admin-receiving/handlers/admin-save-inspection',
  request: { params: ZReceivingParams, body: ZSaveInspectionRequest },
  response: ZReceivingOrder,
  capabilities: [
    items(['GetItem', 'UpdateItem'], 'order'),
    items(['BatchGetItem'], 'product', 'settings'),
    items(['PutItem', 'DeleteItem'], 'answersDue', 'payouts'),
    items(['PutItem'], 'outbox'),
    items(['UpdateItem'], 'dailyStats'),
  ],
} as const satisfies RouteDef;
