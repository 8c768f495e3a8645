import { adminAddOrderNote as route } from '../../../shared/routes/admin-add-order-note.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { toAdminDetail } from '../../lib/order-detail.js';
import { addNote } from '../order-notes.js';

export const handler = httpRoute(route, async ({ params, body, auth }) =>
  toAdminDetail(await addNote(params.orderId, body.content, auth?.email, systemClock)),
);
