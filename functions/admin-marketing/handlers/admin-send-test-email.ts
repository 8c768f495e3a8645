import { adminSendTestEmail as route } from '../../../shared/routes/admin-send-test-email.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { sendTestEmail } from '../test-email.js';

export const handler = httpRoute(route, ({ body }) => sendTestEmail(body.to, systemClock));
