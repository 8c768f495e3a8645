import { createTicket as route } from '../../../shared/routes/create-ticket.js';
import { systemClock } from '../../lib/clock.js';
import { httpRoute, reply } from '../../lib/http.js';
import { createTicket } from '../open-ticket.js';

export const handler = httpRoute(route, async ({ body, sourceIp }) =>
  reply(201, await createTicket(body, sourceIp, systemClock())),
);
