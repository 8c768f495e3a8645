import { adminSendSms as route } from '../../../shared/routes/admin-send-sms.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { sendBulkSms } from '../send-sms.js';

export const handler = httpRoute(route, ({ body }) =>
  sendBulkSms(body.recipients, body.message, systemClock()),
);
