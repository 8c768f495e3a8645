import type { RouteDef } from '../route-def.js';
import { ZWebhookReceipt } from '../schemas/shipment.js';
import { items, query } from '../table-access.js';

/**
 * EasyPost's signed events (tracker.updated). No body schema here: the handler checks the X-Hmac-Signature
 * over the raw body first (401), then parses it with ZEasyPostEvent.
 */
export const easypostWebhook = {
  method: 'POST',
  path: '/api/webhooks/easypost',
  auth: 'public',
  webhook: true,
  handler: 'labels/handlers/easypost-webhook',
  request: {},
  response: ZWebhookReceipt,
  capabilities: [
    query('collection', 'easypostShipment'),
    items(['PutItem'], 'easypostEvent'),
    items(['UpdateItem'], 'order'),
    'signing-secret:read',
  ],
} as const satisfies RouteDef;
