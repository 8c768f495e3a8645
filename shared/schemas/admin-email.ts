import * as z from 'zod/mini';
import { adminEmailMessages as m } from '../messages.js';
import { singleLine } from './text.js';

/**
 * E-mail settings (spec 001 §3 Email settings), kept in the settings record. SES sends the mail: instead of a
 * provider API key, the sender identity must be verified in SES, and `sender` says whether it is.
 */
export const ZEmailSenderCheck = z.object({
  status: z.enum(['verified', 'unverified', 'unknown']),
  /** What staff should do when it is not verified; absent when verified. */
  message: z.optional(z.string()),
});
export type EmailSenderCheck = z.infer<typeof ZEmailSenderCheck>;

export const ZEmailSettings = z.object({
  isEnabled: z.boolean(),
  fromEmail: z.string(),
  replyTo: z.nullable(z.string()),
  /** Null for a stage where staff never saved e-mail settings (the stage's defaults apply). */
  updatedAt: z.nullable(z.string()),
  sender: ZEmailSenderCheck,
});
export type EmailSettings = z.infer<typeof ZEmailSettings>;

const EMAIL_MAX = 254;
const isEmail = (v: string) => z.email().safeParse(v).success;

/** Save: the whole card at once. A wrong type anywhere is 'Invalid settings data' (spec 001 §7). */
export const ZSaveEmailSettingsRequest = z.object(
  {
    isEnabled: z.boolean(m.invalidSettings),
    fromEmail: z
      .string(m.invalidSettings)
      .check(z.trim(), z.maxLength(EMAIL_MAX, m.invalidFrom), z.email(m.invalidFrom)),
    replyTo: z.nullable(
      z.string(m.invalidSettings).check(
        z.trim(),
        z.maxLength(EMAIL_MAX, m.invalidReplyTo),
        z.refine((v) => v === '' || isEmail(v), m.invalidReplyTo),
      ),
    ),
  },
  m.invalidSettings,
);
export type SaveEmailSettingsRequest = z.infer<typeof ZSaveEmailSettingsRequest>;

export const ZSendTestEmailRequest = z.object(
  {
    to: z
      .string(m.testRequired)
      .check(
        z.trim(),
        z.minLength(1, m.testRequired),
        z.maxLength(EMAIL_MAX, m.testInvalid),
        z.email(m.testInvalid),
      ),
  },
  m.testRequired,
);
export type SendTestEmailRequest = z.infer<typeof ZSendTestEmailRequest>;

export const ZSendTestEmailResponse = z.object({ message: z.string(), messageId: z.string() });
export type SendTestEmailResponse = z.infer<typeof ZSendTestEmailResponse>;

/** The templates staff may edit; the key never changes (the code sends by key), the name is a label. */
export const EMAIL_TEMPLATE_KEYS = [
  'order_confirmation',
  'order_completed',
  'order_inspected',
  'ticket_notification',
  'ticket_confirmation',
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export const ZEmailTemplateParams = z.object({
  key: z.enum(EMAIL_TEMPLATE_KEYS, { error: (issue) => m.templateNotFound(String(issue.input)) }),
});

export const ZEmailTemplateVariable = z.object({ name: z.string(), description: z.string() });

export const ZEmailTemplateRow = z.object({
  key: z.enum(EMAIL_TEMPLATE_KEYS),
  name: z.string(),
  subject: z.string(),
  /** False while the built-in default is used (never saved by staff). */
  customized: z.boolean(),
  updatedAt: z.nullable(z.string()),
});
export type EmailTemplateRow = z.infer<typeof ZEmailTemplateRow>;

export const ZEmailTemplateList = z.object({ templates: z.array(ZEmailTemplateRow) });

export const ZEmailTemplate = z.extend(ZEmailTemplateRow, {
  html: z.string(),
  text: z.string(),
  /** The `{{name}}` placeholders this template may use. */
  variables: z.array(ZEmailTemplateVariable),
});
export type EmailTemplateDetail = z.infer<typeof ZEmailTemplate>;

export const TEMPLATE_LIMITS = { name: 100, subject: 300, body: 100_000 } as const;

/** A save and a preview send the same fields; the server checks every `{{variable}}` and renders it. */
export const ZEmailTemplateInput = z.object(
  {
    name: z
      .string(m.templateNameRequired)
      .check(
        z.trim(),
        z.minLength(1, m.templateNameRequired),
        z.maxLength(TEMPLATE_LIMITS.name, m.templateTooLong('Name', TEMPLATE_LIMITS.name)),
        singleLine('Name'),
      ),
    subject: z
      .string(m.templateSubjectRequired)
      .check(
        z.trim(),
        z.minLength(1, m.templateSubjectRequired),
        z.maxLength(TEMPLATE_LIMITS.subject, m.templateTooLong('Subject', TEMPLATE_LIMITS.subject)),
        singleLine('Subject'),
      ),
    html: z
      .string(m.templateBodyRequired)
      .check(z.maxLength(TEMPLATE_LIMITS.body, m.templateTooLong('HTML body', TEMPLATE_LIMITS.body))),
    text: z
      .string(m.templateBodyRequired)
      .check(z.maxLength(TEMPLATE_LIMITS.body, m.templateTooLong('Text body', TEMPLATE_LIMITS.body))),
  },
  m.invalidSettings,
);
export type EmailTemplateInput = z.infer<typeof ZEmailTemplateInput>;

/** The preview: rendered with a sample order; every value escaped in the HTML. */
export const ZEmailTemplatePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailTemplatePreview = z.infer<typeof ZEmailTemplatePreview>;

/** A line of Recent Emails (spec 001 §3 Email log): `sent` is green, anything else red. */
export const EMAIL_LOG_STATUSES = ['sent', 'failed', 'bounced', 'complained', 'skipped'] as const;
export const ZEmailLogRow = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_LOG_STATUSES),
  sentAt: z.string(),
  /** Why it failed, bounced or was skipped. */
  error: z.optional(z.string()),
});
export type EmailLogRow = z.infer<typeof ZEmailLogRow>;
export const EMAIL_LOG_PAGE = 10;
export const ZEmailLogList = z.object({ emails: z.array(ZEmailLogRow) });
