import type { RouteDef } from '../route-def.js';
import { ZAdminTicketDetail, ZAdminTicketParams } from '../schemas/admin-ticket.js';
import { items } from '../table-access.js';

/** One support ticket with its message; 404 'Ticket not found'. */
export const adminGetTicket = {
  method: 'GET',
  path: '/api/admin/tickets/{ticketNumber}',
  auth: 'admin',
  handler: 'admin-tickets/handlers/admin-get-ticket',
  request: { params: ZAdminTicketParams },
  response: ZAdminTicketDetail,
  capabilities: [items(['GetItem'], 'ticket')],
} as const satisfies RouteDef;
