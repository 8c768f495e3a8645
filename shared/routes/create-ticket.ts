import type { RouteDef } from '../route-def.js';
import { ZContactForm, ZTicketCreated } from '../schemas/ticket.js';
import { items } from '../table-access.js';

/** The contact form: a support ticket, owing e-mails to the shop and to the sender (outbox records). */
export const createTicket = {
  method: 'POST',
  path: '/api/tickets',
  auth: 'public',
  handler: 'tickets/handlers/create-ticket',
  request: { body: ZContactForm },
  response: ZTicketCreated,
  capabilities: [
    items(['PutItem'], 'ticket', 'outbox'),
    items(['UpdateItem'], 'stats'),
    items(['UpdateItem'], 'rateLimit'),
    items(['GetItem'], 'settings'),
  ],
} as const satisfies RouteDef;
