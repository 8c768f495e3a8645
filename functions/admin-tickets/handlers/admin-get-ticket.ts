import { adminGetTicket as route } from '../../../shared/routes/admin-get-ticket.js';
import { httpRoute } from '../../lib/http.js';
import { getTicket } from '../ticket-repository.js';

export const handler = httpRoute(route, async ({ params }) => getTicket(params.ticketNumber));
