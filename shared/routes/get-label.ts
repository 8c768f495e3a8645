import type { RouteDef } from '../route-def.js';
import { ZLabelTokenQuery, ZOrderIdParams, ZShipmentView } from '../schemas/shipment.js';
import { items } from '../table-access.js';

/** The label's state, polled by the confirmation page while it is made, and read by the QR page. */
export const getLabel = {
  method: 'GET',
  path: '/api/orders/{orderId}/label',
  auth: 'public',
  handler: 'labels/handlers/get-label',
  request: { params: ZOrderIdParams, query: ZLabelTokenQuery },
  response: ZShipmentView,
  capabilities: [items(['GetItem'], 'orderToken'), items(['Query'], 'order')],
} as const satisfies RouteDef;
