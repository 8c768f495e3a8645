import type { RouteDef } from '../route-def.js';
import { ZLabelTokenBody, ZOrderIdParams, ZShipmentView } from '../schemas/shipment.js';
import { items } from '../table-access.js';

/**
 * 'Generate Shipping Label' from the confirmation page, authorized by the order's secret token: answers the
 * purchased label, or the state of the one being made, or queues a label job (202).
 */
export const requestLabel = {
  method: 'POST',
  path: '/api/orders/{orderId}/label',
  auth: 'public',
  handler: 'labels/handlers/request-label',
  request: { params: ZOrderIdParams, body: ZLabelTokenBody },
  response: ZShipmentView,
  capabilities: [
    items(['GetItem'], 'orderToken'),
    items(['Query', 'UpdateItem'], 'order'),
    items(['UpdateItem'], 'rateLimit'),
    'label-jobs:send',
  ],
} as const satisfies RouteDef;
