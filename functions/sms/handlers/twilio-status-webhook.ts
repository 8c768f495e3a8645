import { twilioStatusWebhook as route } from '../../../shared/routes/twilio-status-webhook.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { handleStatusCallback, verifiedForm } from '../twilio-webhooks.js';

export const handler = httpRoute(route, async ({ rawBody, headers }) =>
  handleStatusCallback(await verifiedForm('status', rawBody, headers['x-twilio-signature']), systemClock()),
);
