import * as z from 'zod/mini';
import { contactMessages } from '../messages.js';
import { multiLine, singleLine } from './text.js';

const m = contactMessages;
const text = (label: string, min: number, max: number, message: string, lines = singleLine) =>
  z.string(message).check(z.trim(), z.minLength(min, message), z.maxLength(max, message), lines(label));

/** The contact form (spec 000 §5); the API validates the same shape. */
export const ZContactForm = z.object({
  name: text('Name', 2, 100, m.name),
  email: z.email(m.email).check(z.maxLength(254, m.email)),
  phone: text('Phone', 10, 30, m.phone),
  subject: text('Subject', 2, 200, m.subject),
  message: text('Message', 10, 5000, m.message, multiLine),
});
export type ContactForm = z.infer<typeof ZContactForm>;

export const ZTicketCreated = z.object({ ticketNumber: z.string() });
export type TicketCreated = z.infer<typeof ZTicketCreated>;
