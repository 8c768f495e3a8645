import { adminUpdateEmailTemplate as route } from '../../../shared/routes/admin-update-email-template.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { saveTemplate } from '../template-repository.js';

export const handler = httpRoute(route, ({ params, body, auth }) =>
  saveTemplate(params.key, body, systemClock(), auth?.email),
);
