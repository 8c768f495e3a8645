import * as z from 'zod/mini';
import { adminSmsMessages as m } from '../messages.js';
import type { SmsStatus } from '../rules/sms.js';

/** Every MessageStatus Twilio documents for outbound messages; anything else is refused (400). */
export const TWILIO_MESSAGE_STATUSES = [
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'undelivered',
  'failed',
  'canceled',
  'partially_delivered',
] as const;
export type TwilioMessageStatus = (typeof TWILIO_MESSAGE_STATUSES)[number];

/** Twilio's status, in the five steps we record. */
export const smsStatusOf = (status: TwilioMessageStatus): SmsStatus => {
  switch (status) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'sending':
      return 'sending';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
    case 'partially_delivered':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
  }
};

const ZSid = z.string(m.invalidCallback).check(z.regex(/^(SM|MM)[0-9a-fA-F]{32}$/, m.invalidCallback));

/** A status callback's form fields we use (Twilio sends more; they are signed but ignored). */
export const ZTwilioStatusCallback = z.object(
  {
    MessageSid: ZSid,
    MessageStatus: z.enum(TWILIO_MESSAGE_STATUSES, m.invalidCallback),
    ErrorCode: z.optional(z.string().check(z.maxLength(10))),
  },
  m.invalidCallback,
);
export type TwilioStatusCallback = z.infer<typeof ZTwilioStatusCallback>;

/** An inbound message's form fields we use: who wrote and what. */
export const ZTwilioInboundMessage = z.object(
  {
    From: z.string(m.invalidCallback).check(z.regex(/^\+[1-9]\d{1,14}$/, m.invalidCallback)),
    Body: z.string(m.invalidCallback).check(z.maxLength(1600, m.invalidCallback)),
  },
  m.invalidCallback,
);
export type TwilioInboundMessage = z.infer<typeof ZTwilioInboundMessage>;

/** Twilio's standard opt-out and opt-in keywords (the whole message, trimmed, any case). */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;

export const inboundKeyword = (body: string): 'opt-out' | 'opt-in' | null => {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'opt-out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'opt-in';
  return null;
};
