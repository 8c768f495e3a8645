import type { RouteDef } from '../route-def.js';
import { ZOrderIdParams, ZShipmentView } from '../schemas/shipment.js';

/** Staff generate (or fetch) an order's label from the back office. */
export const adminRequestLabel = {
  method: 'POST',
  path: '/api/admin/orders/{orderId}/label',
  auth: 'admin',
  handler: 'labels/admin-request-label',
  request: { params: ZOrderIdParams },
  response: ZShipmentView,
  capabilities: ['table:read', 'table:write', 'label-jobs:send'],
} as const satisfies RouteDef;
