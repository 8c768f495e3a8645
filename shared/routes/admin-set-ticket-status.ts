import type { RouteDef } from '../route-def.js';
import {
  ZAdminTicketParams,
  ZSetTicketStatusRequest,
  ZSetTicketStatusResponse,
} from '../schemas/admin-ticket.js';
import { items } from '../table-access.js';

/** Close or reopen a ticket; the ticket counters move in the same transaction. Already there: no change. */
export const adminSetTicketStatus = {
  method: 'PUT',
  path: '/api/admin/tickets/{ticketNumber}/status',
  auth: 'admin',
  handler: 'admin-tickets/handlers/admin-set-ticket-status',
  request: { params: ZAdminTicketParams, body: ZSetTicketStatusRequest },
  response: ZSetTicketStatusResponse,
  capabilities: [items(['GetItem', 'UpdateItem'], 'ticket'), items(['UpdateItem'], 'stats')],
} as const satisfies RouteDef;
