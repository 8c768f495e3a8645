import type { RouteDef } from '../route-def.js';
import { ZWebhookReceipt } from '../schemas/shipment.js';
import { items } from '../table-access.js';

/**
 * Messages a recipient sends back (form-encoded, signed like the status callbacks): STOP and its synonyms
 * record an opt-out, START removes it. Answered with an empty TwiML-free receipt.
 */
export const twilioInboundWebhook = {
  method: 'POST',
  path: '/api/webhooks/twilio/inbound',
  auth: 'public',
  webhook: true,
  handler: 'sms/handlers/twilio-inbound-webhook',
  request: {},
  response: ZWebhookReceipt,
  capabilities: [items(['PutItem', 'UpdateItem'], 'smsOptOut'), 'signing-secret:read'],
} as const satisfies RouteDef;
