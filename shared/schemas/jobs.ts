import * as z from 'zod/mini';
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
