import { randomInt, randomUUID } from 'node:crypto';
import {
  TICKET_CONFIRMATION_WINDOW_MINUTES,
  TICKET_CONFIRMATIONS_PER_ADDRESS,
  TICKET_LIMIT_PER_IP,
  TICKET_WINDOW_MINUTES,
} from '../../shared/constants.js';
import { contactMessages } from '../../shared/messages.js';
import type { ContactForm, TicketCreated } from '../../shared/schemas/ticket.js';
import type { TicketItem, TicketOutboxKind } from '../lib/entities.js';
import { AppError } from '../lib/errors.js';
import { log } from '../lib/log.js';
import { outboxPut, ticketOutboxRecord } from '../lib/outbox.js';
import { type Limit, refusedSlots, scopeOf, slotWrite } from '../lib/rate-limit.js';
import { toPublicSettings } from '../lib/settings/public-settings.js';
import { getStoredSettings } from '../lib/settings/settings-repository.js';
import { TicketNumberTaken, TicketWritesRefused, writeNewTicket } from './ticket-repository.js';

/** Easy to read aloud and type: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const generateTicketNumber = (random: (n: number) => number = randomInt): string =>
  `T-${Array.from({ length: 6 }, () => ALPHABET[random(ALPHABET.length)]).join('')}`;

const ATTEMPTS = 6;

function newTicket(form: ContactForm, at: string): TicketItem {
  return {
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
}

/** Whether a refused slot of `limit` means its window is full (false: it had ended, and was restarted). */
async function usedUp(limit: Limit, reason: { Code?: string } | undefined, now: Date): Promise<boolean> {
  try {
    await refusedSlots([limit], [reason], now, contactMessages.tooMany);
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return true;
    throw error;
  }
}

/**
 * The contact form becomes an open support ticket, in one write with the e-mails it owes (outbox records):
 * to the shop (everything the sender wrote) and to the sender (the ticket number and fixed text only). A
 * client IP opens a few tickets an hour (429 beyond, nothing stored); an address gets a few confirmations a
 * day, after which its tickets are still stored and sent to the shop but no confirmation goes out, and the
 * sender sees the usual answer. Both limits are counted in the same write.
 */
export async function createTicket(form: ContactForm, ip: string, now: Date): Promise<TicketCreated> {
  const settings = toPublicSettings(await getStoredSettings().catch(() => null));
  const byClient: Limit = {
    scope: scopeOf('ticket', 'ip', ip),
    max: TICKET_LIMIT_PER_IP,
    windowMinutes: TICKET_WINDOW_MINUTES,
  };
  const byAddress: Limit = {
    scope: scopeOf('ticket-confirmation', form.email),
    max: TICKET_CONFIRMATIONS_PER_ADDRESS,
    windowMinutes: TICKET_CONFIRMATION_WINDOW_MINUTES,
  };
  const notify = Boolean(settings.contact_email);
  let confirm = true;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const ticket = newTicket(form, now.toISOString());
    const owed = (kind: TicketOutboxKind) => outboxPut(ticketOutboxRecord(kind, ticket.ticket_number, now));
    try {
      await writeNewTicket(ticket, [
        slotWrite(byClient, now),
        ...(confirm ? [slotWrite(byAddress, now), owed('ticket_confirmation')] : []),
        ...(notify ? [owed('ticket_notification')] : []),
      ]);
    } catch (error) {
      if (error instanceof TicketNumberTaken) continue;
      if (!(error instanceof TicketWritesRefused)) throw error;
      // The client's limit used up: 429, nothing stored. The address's: the ticket goes on without a confirmation.
      await refusedSlots([byClient], [error.reasons[0]], now, contactMessages.tooMany);
      if (confirm && (await usedUp(byAddress, error.reasons[1], now))) confirm = false;
      continue;
    }
    if (!notify)
      log('warn', 'no contact_email in settings: ticket notification not sent', {
        ticket: ticket.ticket_number,
      });
    if (!confirm) {
      log('warn', 'ticket confirmation limit reached for the address: none sent', {
        ticket: ticket.ticket_number,
      });
    }
    return { ticketNumber: ticket.ticket_number };
  }
  throw new Error('Could not write the ticket');
}
