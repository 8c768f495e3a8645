import type { RouteDef } from '../route-def.js';
import { ZContactForm, ZTicketCreated } from '../schemas/ticket.js';
import { items } from '../table-access.js';

/** The contact form: a support ticket, plus e-mails to the shop and to the sender. */
export const createTicket = {
  method: 'POST',
  path: '/api/tickets',
  auth: 'public',
  handler: 'tickets/create-ticket',
  request: { body: ZContactForm },
  response: ZTicketCreated,
  capabilities: [
    items(['PutItem'], 'ticket'),
    items(['UpdateItem'], 'stats'),
    items(['PutItem', 'UpdateItem'], 'rateLimit'),
    items(['GetItem'], 'settings', 'emailTemplate'),
    'email-jobs:send',
  ],
} as const satisfies RouteDef;
