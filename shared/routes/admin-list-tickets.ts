import type { RouteDef } from '../route-def.js';
import { ZAdminTicketList, ZAdminTicketListQuery } from '../schemas/admin-ticket-list.js';
import { items, query } from '../table-access.js';

/** The support tickets list: tag, search, status and one page, with the exact number of matches. */
export const adminListTickets = {
  method: 'GET',
  path: '/api/admin/tickets',
  auth: 'admin',
  handler: 'admin-tickets/handlers/admin-list-tickets',
  request: { query: ZAdminTicketListQuery },
  response: ZAdminTicketList,
  capabilities: [query('changes', 'tickets'), items(['GetItem'], 'stats')],
  // The list's working set (every ticket, messages included for search) lives in memory: at 100,000 tickets
  // some 100-200 MB, and more memory also means more CPU for searching.
  memoryMb: 1024,
  // A cold start loads the whole working set before answering.
  timeoutSeconds: 29,
} as const satisfies RouteDef;
