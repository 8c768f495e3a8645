import { randomInt, randomUUID } from 'node:crypto';
import {
  TICKET_CONFIRMATION_WINDOW_MINUTES,
  TICKET_CONFIRMATIONS_PER_ADDRESS,
  TICKET_LIMIT_PER_IP,
  TICKET_WINDOW_MINUTES,
} from '../../shared/constants.js';
import { contactMessages } from '../../shared/messages.js';
import { createTicket as route } from '../../shared/routes/create-ticket.js';
import type { ContactForm, TicketCreated } from '../../shared/schemas/ticket.js';
import { queueTemplatedEmail } from '../email/send-email.js';
import { TICKET_CONFIRMATION, TICKET_NOTIFICATION } from '../email/ticket-templates.js';
import { systemClock } from '../lib/clock.js';
import type { TicketItem } from '../lib/entities.js';
import { AppError } from '../lib/errors.js';
import { httpRoute, reply } from '../lib/http.js';
import { log } from '../lib/log.js';
import { type Limit, scopeOf, takeSlots } from '../lib/rate-limit.js';
import { toPublicSettings } from '../settings/public-settings.js';
import { getStoredSettings } from '../settings/settings-repository.js';
import { TicketNumberTaken, writeNewTicket } from './ticket-repository.js';

/** Easy to read aloud and type: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const generateTicketNumber = (random: (n: number) => number = randomInt): string =>
  `T-${Array.from({ length: 6 }, () => ALPHABET[random(ALPHABET.length)]).join('')}`;

/** True when the address may get one more confirmation today; false past the limit (nothing is counted then). */
async function confirmationAllowed(email: string, now: Date): Promise<boolean> {
  const limit: Limit = {
    scope: scopeOf('ticket-confirmation', email),
    max: TICKET_CONFIRMATIONS_PER_ADDRESS,
    windowMinutes: TICKET_CONFIRMATION_WINDOW_MINUTES,
  };
  try {
    await takeSlots([limit], now, contactMessages.tooMany);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return false;
    throw error;
  }
}

/**
 * The contact form becomes an open support ticket, then e-mails to the shop (everything the sender wrote) and
 * to the sender (the ticket number and fixed text only). A client IP opens a few tickets an hour (429 beyond,
 * nothing stored); an address gets a few confirmations a day, after which its tickets are still stored and
 * sent to the shop but no confirmation goes out, and the sender sees the usual answer.
 */
export async function createTicket(form: ContactForm, ip: string, now: Date): Promise<TicketCreated> {
  await takeSlots(
    [{ scope: scopeOf('ticket', 'ip', ip), max: TICKET_LIMIT_PER_IP, windowMinutes: TICKET_WINDOW_MINUTES }],
    now,
    contactMessages.tooMany,
  );
  const at = now.toISOString();
  let ticket: TicketItem | null = null;
  for (let attempt = 0; attempt < 5 && !ticket; attempt++) {
    const candidate: TicketItem = {
      id: randomUUID(),
      ticket_number: generateTicketNumber(),
      name: form.name,
      email: form.email,
      phone: form.phone,
      subject: form.subject,
      message: `Phone: ${form.phone}\n\n${form.message}`,
      tag: 'support',
      status: 'open',
      created_at: at,
      updated_at: at,
    };
    try {
      await writeNewTicket(candidate);
      ticket = candidate;
    } catch (error) {
      if (!(error instanceof TicketNumberTaken)) throw error;
    }
  }
  if (!ticket) throw new Error('Could not allocate a ticket number');

  const settings = toPublicSettings(await getStoredSettings().catch(() => null));
  const vars = {
    site_name: settings.site_name,
    ticket_number: ticket.ticket_number,
    name: ticket.name,
    email: ticket.email,
    subject: ticket.subject,
    message: ticket.message,
  };
  const ref = { kind: 'ticket' as const, id: ticket.ticket_number };
  if (settings.contact_email) {
    await queueTemplatedEmail({
      template: TICKET_NOTIFICATION,
      to: settings.contact_email,
      vars,
      ref,
      replyTo: ticket.email,
    });
  } else {
    log('warn', 'no contact_email in settings: ticket notification not sent', {
      ticket: ticket.ticket_number,
    });
  }
  if (await confirmationAllowed(ticket.email, now)) {
    await queueTemplatedEmail({
      template: TICKET_CONFIRMATION,
      to: ticket.email,
      vars: { site_name: settings.site_name, ticket_number: ticket.ticket_number },
      ref,
    });
  } else {
    log('warn', 'ticket confirmation limit reached for the address: none sent', {
      ticket: ticket.ticket_number,
    });
  }
  return { ticketNumber: ticket.ticket_number };
}

export const handler = httpRoute(route, async ({ body, sourceIp }) =>
  reply(201, await createTicket(body, sourceIp, systemClock())),
);
