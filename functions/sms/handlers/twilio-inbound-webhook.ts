import { twilioInboundWebhook as route } from '../../../shared/routes/twilio-inbound-webhook.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { handleInboundMessage, verifiedForm } from '../twilio-webhooks.js';

export const handler = httpRoute(route, async ({ rawBody, headers }) =>
  handleInboundMessage(await verifiedForm('inbound', rawBody, headers['x-twilio-signature']), systemClock()),
);
