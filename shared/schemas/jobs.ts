import * as z from 'zod/mini';
import { E164_PATTERN, SMS_MAX_LENGTH } from '../rules/sms.js';
import { UUID_PATTERN } from './common.js';

/** A message on the email-jobs queue: one e-mail, already rendered. `jobId` makes redelivery harmless. */
export const ZEmailJob = z.object({
  jobId: z.string().check(z.regex(UUID_PATTERN, 'jobId must be a UUID')),
  to: z.email('Invalid email address'),
  subject: z.string().check(z.minLength(1), z.maxLength(300)),
  html: z.string().check(z.minLength(1)),
  text: z.string().check(z.minLength(1)),
  replyTo: z.optional(z.email()),
  /** What the e-mail is about, so a failure can be shown where staff look (e.g. the order). */
  ref: z.optional(z.object({ kind: z.enum(['order', 'ticket', 'test']), id: z.string() })),
});
export type EmailJob = z.infer<typeof ZEmailJob>;

/**
 * A message on the sms-jobs queue: one SMS, whose record (status queued) the sending route wrote first.
 * `messageId` is the record's id and makes redelivery harmless: the worker sends only while the record has
 * no provider SID, and claims it before calling Twilio.
 */
export const ZSmsJob = z.object({
  messageId: z.string().check(z.regex(UUID_PATTERN, 'messageId must be a UUID')),
  to: z.string().check(z.regex(E164_PATTERN, 'to must be an E.164 number')),
  /** The text as typed; the worker appends the footer from the settings current at sending time. */
  body: z.string().check(z.minLength(1), z.maxLength(SMS_MAX_LENGTH)),
  /** order: a seller's notice about their order (an inspection), queued by the outbox relay. */
  kind: z.enum(['test', 'marketing', 'order']),
});
export type SmsJob = z.infer<typeof ZSmsJob>;
