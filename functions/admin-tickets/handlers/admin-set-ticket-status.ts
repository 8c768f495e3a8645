import { adminSetTicketStatus as route } from '../../../shared/routes/admin-set-ticket-status.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute } from '../../lib/http.js';
import { setTicketStatus } from '../ticket-repository.js';

export const handler = httpRoute(route, async ({ params, body }) =>
  setTicketStatus(params.ticketNumber, body.status, systemClock),
);
