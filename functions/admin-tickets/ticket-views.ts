/**
 * A stored ticket as the back office shows it, read defensively: older tickets may lack the tag or the status,
 * or carry the contact under the old names (customer_name, customer_email, customer_phone; spec 001 §3).
 */
import type { AdminTicketDetail, AdminTicketRow } from '../../shared/schemas/admin-ticket.js';
import type { TicketItem } from '../lib/entities.js';

/** What the table may hold for a ticket: today's fields, or a legacy item's. */
export type StoredTicket = Partial<TicketItem> & {
  ticket_number: string;
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
};

const text = (...values: unknown[]): string => {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return '';
};

export function toTicketRow(item: StoredTicket): AdminTicketRow {
  const createdAt = text(item.created_at);
  return {
    ticketNumber: item.ticket_number,
    createdAt,
    updatedAt: text(item.updated_at, createdAt),
    name: text(item.name, item.customer_name),
    email: text(item.email, item.customer_email),
    phone: text(item.phone, item.customer_phone),
    subject: text(item.subject),
    tag: item.tag === 'lead' ? 'lead' : 'support',
    // A ticket without a status was never closed (creation opens every ticket).
    status: item.status === 'closed' ? 'closed' : 'open',
  };
}

export const toTicketDetail = (item: StoredTicket): AdminTicketDetail => ({
  ...toTicketRow(item),
  message: text(item.message),
});
