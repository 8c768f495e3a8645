import type { RouteDef } from '../route-def.js';
import { ZWebhookReceipt } from '../schemas/shipment.js';
import { items } from '../table-access.js';

/**
 * Twilio's status callbacks (form-encoded). No body schema here: the handler checks X-Twilio-Signature over
 * the PUBLIC callback URL from configuration (never the Host header) and the raw form first (401), then
 * parses the form with its schema.
 */
export const twilioStatusWebhook = {
  method: 'POST',
  path: '/api/webhooks/twilio/status',
  auth: 'public',
  webhook: true,
  handler: 'sms/handlers/twilio-status-webhook',
  request: {},
  response: ZWebhookReceipt,
  capabilities: [
    items(['GetItem', 'PutItem', 'UpdateItem'], 'sms'),
    items(['GetItem', 'UpdateItem'], 'smsSid'),
    items(['UpdateItem'], 'messagingStats'),
    items(['GetItem'], 'settings'),
    'signing-secret:read',
  ],
} as const satisfies RouteDef;
