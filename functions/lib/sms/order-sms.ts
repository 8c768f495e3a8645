/**
 * A short SMS to a seller about their order (the inspection's notice), queued by the outbox relay beside the
 * e-mail when SMS is switched on and the order has a phone number. Idempotent like the e-mail: the message id
 * is derived from the outbox record's, so a relay run again for the same record finds the message and at most
 * queues its job again (the worker claims a message once).
 */
import * as ENV from '../../../shared/env-vars.js';
import { adminSmsMessages as m } from '../../../shared/messages.js';
import { isE164 } from '../../../shared/rules/sms.js';
import type { SmsJob } from '../../../shared/schemas/jobs.js';
import type { SettingsItem } from '../entities.js';
import { log } from '../log.js';
import { outboxJobId } from '../outbox.js';
import { enqueue } from '../queue.js';
import { conditional } from '../races.js';
import { getProviderSecrets } from '../secrets.js';
import { createMessage, getMessage, moveUnsent, optedOut, reserveDailySlot } from './sms-repository.js';
import { readSmsSettings } from './sms-settings.js';

/** A phone number as checkout takes it ('(555) 123-4567', '+1 555...') in E.164, or null (US numbers only). */
export function smsNumberOf(phone: unknown): string | null {
  if (typeof phone !== 'string' || !phone.trim()) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return isE164(`+${digits}`) ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/** The SMS's message id for an outbox record: a UUID derived from it, never the e-mail job's. */
export const orderSmsId = (outboxId: string): string => outboxJobId(`sms:${outboxId}`);

export type OrderSmsOutcome = 'queued' | 'requeued' | 'settled' | 'skipped' | 'refused';

/**
 * Records and queues one order SMS, once per `outboxId`. Skipped (nothing recorded) when SMS is off, not set
 * up, or the number is missing or not a US/E.164 number; refused (recorded failed, as the Message History
 * shows refusals) when the number opted out or today's limit is reached. Throws only what may pass (the queue,
 * the table), for the caller's retry.
 */
export async function queueOrderSms(
  outboxId: string,
  phone: unknown,
  body: string,
  settingsRecord: SettingsItem | null,
  now: Date,
): Promise<OrderSmsOutcome> {
  const settings = readSmsSettings(settingsRecord);
  const to = smsNumberOf(phone);
  if (!settings.configured || !settings.isEnabled || !settings.accountSid || !settings.phoneNumber || !to) {
    return 'skipped';
  }
  if (!(await getProviderSecrets()).twilioAuthToken) return 'skipped';
  const id = orderSmsId(outboxId);
  const job: SmsJob = { messageId: id, to, body, kind: 'order' };
  const existing = await getMessage(id);
  if (existing) {
    // Recorded by an earlier run: queue its job again only while it is still queued (the worker claims once).
    if (existing.status !== 'queued') return 'settled';
    await enqueue(ENV.smsQueueUrl, job);
    return 'requeued';
  }
  const at = now.toISOString();
  const record = { id, kind: 'order' as const, to, message: body, created_at: at, updated_at: at };
  if ((await optedOut([to])).has(to)) {
    await conditional(() => createMessage({ ...record, status: 'failed', error: m.optedOut }));
    return 'refused';
  }
  if (!(await conditional(() => createMessage({ ...record, status: 'queued' })))) return 'settled';
  if (!(await reserveDailySlot(now, settings.rateLimitPerDay))) {
    await moveUnsent(id, 'queued', 'failed', at, { message: m.dailyLimit(settings.rateLimitPerDay) });
    return 'refused';
  }
  try {
    await enqueue(ENV.smsQueueUrl, job);
  } catch (error) {
    // The record stays queued and the slot taken: the relay's retry finds it and queues the job again.
    log('warn', 'order SMS job not queued yet', { messageId: id });
    throw error;
  }
  return 'queued';
}
