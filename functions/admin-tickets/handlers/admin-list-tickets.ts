import { adminListTickets as route } from '../../../shared/routes/admin-list-tickets.js';
import { readChangesSince } from '../../lib/change-cache.js';
import { ticket } from '../../lib/entities.js';
import { httpRoute } from '../../lib/http.js';
import { TicketListCache } from '../ticket-list-cache.js';
import { countTickets } from '../ticket-repository.js';
import type { StoredTicket } from '../ticket-views.js';

/** Module scope: the cache lives as long as the warm Lambda. */
const cache = new TicketListCache(
  (since) => readChangesSince<StoredTicket>(ticket.changesPartition, since),
  countTickets,
);

export const handler = httpRoute(route, async ({ query }) => cache.list(query));
