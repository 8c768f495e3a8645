import type { RouteDef } from '../route-def.js';
import { ZOrderIdParams, ZShipmentView } from '../schemas/shipment.js';
import { items } from '../table-access.js';

/** An order's label as staff see it. */
export const adminGetLabel = {
  method: 'GET',
  path: '/api/admin/orders/{orderId}/label',
  auth: 'admin',
  handler: 'labels/handlers/admin-get-label',
  request: { params: ZOrderIdParams },
  response: ZShipmentView,
  capabilities: [items(['Query'], 'order')],
} as const satisfies RouteDef;
