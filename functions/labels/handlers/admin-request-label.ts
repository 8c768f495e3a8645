import { adminRequestLabel as route } from '../../../shared/routes/admin-request-label.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { loadForAdmin } from '../label-access.js';
import { requestLabel } from '../label-requests.js';

export const handler = httpRoute(route, async ({ params }) =>
  requestLabel(await loadForAdmin(params.orderId), systemClock()),
);
