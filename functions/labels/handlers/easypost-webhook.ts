import { easypostWebhook as route } from '../../../shared/routes/easypost-webhook.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { handleEvent, verifiedEvent } from '../tracking-events.js';

export const handler = httpRoute(route, async ({ rawBody, headers }) => {
  const event = await verifiedEvent(rawBody, headers['x-hmac-signature']);
  const { duplicate } = await handleEvent(event, systemClock());
  return { received: true, duplicate };
});
