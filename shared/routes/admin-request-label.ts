import type { RouteDef } from '../route-def.js';
import { ZOrderIdParams, ZShipmentView } from '../schemas/shipment.js';
import { items } from '../table-access.js';

/** Staff generate (or fetch) an order's label from the back office. */
export const adminRequestLabel = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/label',
  auth: 'admin',
  handler: 'labels/handlers/admin-request-label',
  request: { params: ZOrderIdParams },
  response: ZShipmentView,
  capabilities: [items(['Query', 'UpdateItem'], 'order'), 'label-jobs:send'],
} as const satisfies RouteDef;
