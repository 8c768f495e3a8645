import { adminSendTestSms as route } from '../../../shared/routes/admin-send-test-sms.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { sendTestSms } from '../send-sms.js';

export const handler = httpRoute(route, ({ body }) => sendTestSms(body.to, systemClock()));
