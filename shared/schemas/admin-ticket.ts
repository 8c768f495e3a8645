import * as z from 'zod/mini';
import { TICKET_STATUSES, TICKET_TAGS } from '../constants.js';
import { adminTicketMessages as m } from '../messages.js';

export { TICKET_STATUSES, TICKET_TAGS, type TicketStatus, type TicketTag } from '../constants.js';

/**
 * Ticket numbers: `T-` and six letters or digits today (functions/tickets/create-ticket.ts); older tickets may
 * carry other numbers, so any short run of letters, digits, '-' and '_' is accepted, nothing that could reach
 * past the key.
 */
export const TICKET_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const isTicketNumber = (value: string): boolean => TICKET_NUMBER_PATTERN.test(value);

export const ZAdminTicketParams = z.object({
  ticketNumber: z.string(m.invalidTicketNumber).check(z.regex(TICKET_NUMBER_PATTERN, m.invalidTicketNumber)),
});

/** What the list shows of a ticket (spec 001 §3 Support ticket). */
export const ZAdminTicketRow = z.object({
  ticketNumber: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  tag: z.enum(TICKET_TAGS),
  status: z.enum(TICKET_STATUSES),
});
export type AdminTicketRow = z.infer<typeof ZAdminTicketRow>;

/** The detail adds the message, as text (line breaks kept, never HTML). */
export const ZAdminTicketDetail = z.extend(ZAdminTicketRow, { message: z.string() });
export type AdminTicketDetail = z.infer<typeof ZAdminTicketDetail>;

export const ZSetTicketStatusRequest = z.object({ status: z.enum(TICKET_STATUSES, m.invalidStatus) });
export type SetTicketStatusRequest = z.infer<typeof ZSetTicketStatusRequest>;

export const ZSetTicketStatusResponse = z.object({
  ticket: ZAdminTicketDetail,
  /** False when the ticket already had that status (a second identical click): nothing was written. */
  changed: z.boolean(),
});
export type SetTicketStatusResponse = z.infer<typeof ZSetTicketStatusResponse>;
