import * as z from 'zod/mini';
import { adminSmsMessages as m } from '../messages.js';
import {
  E164_PATTERN,
  SMS_FOOTER_MAX_LENGTH,
  SMS_MAX_RECIPIENTS,
  SMS_MESSAGE_MAX_LENGTH,
  SMS_STATUSES,
  splitRecipients,
} from '../rules/sms.js';
import { multiLine } from './text.js';

/**
 * SMS settings (spec 001 §3): the account SID, sending number and footer in the settings record; the auth
 * token in the stage's secret, write-only: the API says whether it is set, never what it is.
 */
export const ZSmsSettings = z.object({
  /** False until staff first save anything: sending then answers 'Twilio settings not found...'. */
  configured: z.boolean(),
  isEnabled: z.boolean(),
  accountSid: z.string(),
  authTokenSet: z.boolean(),
  phoneNumber: z.string(),
  messageFooter: z.string(),
  retryAttempts: z.number(),
  rateLimitPerDay: z.number(),
  defaultOptOutMessage: z.string(),
  defaultOptInMessage: z.string(),
  /** Messages counted against today's limit (UTC day). */
  sentToday: z.number(),
  updatedAt: z.nullable(z.string()),
});
export type SmsSettings = z.infer<typeof ZSmsSettings>;

export const ACCOUNT_SID_PATTERN = /^AC[0-9a-fA-F]{32}$/;
export const AUTH_TOKEN_PATTERN = /^[0-9a-zA-Z]{32}$/;

/** Each field is saved on change (spec 001 §2): one or more fields, only those written. */
export const ZUpdateSmsSettingsRequest = z
  .object(
    {
      isEnabled: z.optional(z.boolean(m.invalidSettings)),
      accountSid: z.optional(
        z.string(m.invalidSettings).check(z.trim(), z.regex(ACCOUNT_SID_PATTERN, m.invalidAccountSid)),
      ),
      /** Write-only. */
      authToken: z.optional(
        z.string(m.invalidSettings).check(z.trim(), z.regex(AUTH_TOKEN_PATTERN, m.invalidAuthToken)),
      ),
      phoneNumber: z.optional(
        z.string(m.invalidSettings).check(z.trim(), z.regex(E164_PATTERN, m.invalidPhone)),
      ),
      messageFooter: z.optional(
        z
          .string(m.invalidSettings)
          .check(z.trim(), z.maxLength(SMS_FOOTER_MAX_LENGTH, m.footerTooLong), multiLine('Message footer')),
      ),
    },
    m.invalidSettings,
  )
  .check(
    z.refine((value) => Object.values(value).some((v) => v !== undefined), {
      message: m.invalidSettings,
    }),
  );
export type UpdateSmsSettingsRequest = z.infer<typeof ZUpdateSmsSettingsRequest>;

const ZPhone = (required: string) =>
  z.string(required).check(z.trim(), z.minLength(1, required), z.regex(E164_PATTERN, m.invalidPhone));

export const ZSendTestSmsRequest = z.object({ to: ZPhone(m.testRequired) }, m.testRequired);
export type SendTestSmsRequest = z.infer<typeof ZSendTestSmsRequest>;

/**
 * Bulk send: the recipients exactly as typed (split on commas, trimmed, empties dropped). Numbers that are
 * not E.164 do not fail the request: they come back in `refused` with the spec's message, the rest are queued.
 */
export const ZSendSmsRequest = z.object(
  {
    recipients: z.string(m.recipientsRequired).check(
      z.refine((text) => splitRecipients(text).length > 0, m.recipientsRequired),
      z.refine((text) => splitRecipients(text).length <= SMS_MAX_RECIPIENTS, m.tooManyRecipients),
    ),
    message: z
      .string(m.messageRequired)
      .check(
        z.trim(),
        z.minLength(1, m.messageRequired),
        z.maxLength(SMS_MESSAGE_MAX_LENGTH, m.messageTooLong),
        multiLine('Message'),
      ),
  },
  m.recipientsRequired,
);
export type SendSmsRequest = z.infer<typeof ZSendSmsRequest>;

export const ZSmsSendResult = z.object({
  /** 'Messages sent successfully!', 'Test message sent successfully!' or 'Some messages failed to send...'. */
  message: z.string(),
  queued: z.array(z.object({ to: z.string(), id: z.string() })),
  refused: z.array(z.object({ to: z.string(), reason: z.string() })),
});
export type SmsSendResult = z.infer<typeof ZSmsSendResult>;

/** A line of Message History (spec 001 §3 SMS test message): newest first, latest 50. */
export const ZSmsMessageRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  to: z.string(),
  message: z.string(),
  status: z.enum(SMS_STATUSES),
  sid: z.nullable(z.string()),
  error: z.nullable(z.string()),
  kind: z.enum(['test', 'marketing']),
});
export type SmsMessageRow = z.infer<typeof ZSmsMessageRow>;

/** One status callback applied to a message (the message status log, latest 50). */
export const ZSmsStatusEvent = z.object({
  at: z.string(),
  messageId: z.string(),
  to: z.string(),
  status: z.enum(SMS_STATUSES),
  errorCode: z.nullable(z.string()),
});
export type SmsStatusEvent = z.infer<typeof ZSmsStatusEvent>;

export const SMS_HISTORY_PAGE = 50;
export const ZSmsHistory = z.object({
  messages: z.array(ZSmsMessageRow),
  statusLog: z.array(ZSmsStatusEvent),
});
export type SmsHistory = z.infer<typeof ZSmsHistory>;
