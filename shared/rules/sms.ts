/**
 * SMS rules shared by the back office form and the API (spec 001 §7 SMS numbers): E.164 numbers, and the
 * bulk recipients text split on commas, trimmed, empties dropped.
 */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
export const isE164 = (value: string): boolean => E164_PATTERN.test(value);

/** The recipients a staff member typed: split on commas, trimmed, empties dropped (order kept). */
export const splitRecipients = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** Twilio's limit for one message body (it splits longer text into segments up to this; more is 21617). */
export const SMS_MAX_LENGTH = 1600;
/** Recipients one bulk send may name. */
export const SMS_MAX_RECIPIENTS = 100;
export const SMS_FOOTER_MAX_LENGTH = 160;
/** What staff may type: the worker adds a blank line and the footer, and the whole must fit SMS_MAX_LENGTH. */
export const SMS_MESSAGE_MAX_LENGTH = SMS_MAX_LENGTH - SMS_FOOTER_MAX_LENGTH - 2;

/** The spec's SMS settings defaults (spec 001 §3). */
export const SMS_DEFAULTS = {
  retryAttempts: 3,
  rateLimitPerDay: 100,
  defaultOptOutMessage: 'Reply STOP to opt out',
  defaultOptInMessage: 'You have been subscribed to SMS notifications',
} as const;

/** The text a recipient receives: the message, then the footer on its own line when there is one. */
export const withFooter = (message: string, footer: string): string =>
  footer.trim() === '' ? message : `${message}\n\n${footer.trim()}`;

/**
 * Twilio's message statuses we record, in the order a message moves through them. A status callback may
 * arrive late or twice: a status never replaces one further along (see `isLaterStatus`).
 */
export const SMS_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

const RANK: Record<SmsStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  // Final states share the top rank: the first final state that arrives stays.
  delivered: 3,
  undelivered: 3,
  failed: 3,
};
export const smsStatusRank = (status: SmsStatus): number => RANK[status];
/** True when `next` may replace `current`: strictly further along. */
export const isLaterStatus = (current: SmsStatus, next: SmsStatus): boolean => RANK[next] > RANK[current];
export const isFinalSmsStatus = (status: SmsStatus): boolean => RANK[status] === 3;
