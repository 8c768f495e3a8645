import * as z from 'zod/mini';
import { contactMessages } from '../messages.js';

const m = contactMessages;
const text = (min: number, max: number, message: string) =>
  z.string(message).check(z.trim(), z.minLength(min, message), z.maxLength(max, message));

/** The contact form (spec 000 §5); the API validates the same shape. */
export const ZContactForm = z.object({
  name: text(2, 100, m.name),
  email: z.email(m.email).check(z.maxLength(254, m.email)),
  phone: text(10, 30, m.phone),
  subject: text(2, 200, m.subject),
  message: text(10, 5000, m.message),
});
export type ContactForm = z.infer<typeof ZContactForm>;

export const ZTicketCreated = z.object({ ticketNumber: z.string() });
export type TicketCreated = z.infer<typeof ZTicketCreated>;
