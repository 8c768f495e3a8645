import { randomUUID } from 'node:crypto';
import * as ENV from '../../shared/env-vars.js';
import { adminSmsMessages as m } from '../../shared/messages.js';
import { isE164, splitRecipients } from '../../shared/rules/sms.js';
import type { SmsSendResult } from '../../shared/schemas/admin-sms.js';
import type { SmsJob } from '../../shared/schemas/jobs.js';
import { AppError } from '../lib/errors.js';
import { errorDetails, log } from '../lib/log.js';
import { enqueue } from '../lib/queue.js';
import {
  createMessage,
  moveUnsent,
  optedOut,
  releaseDailySlot,
  reserveDailySlot,
} from '../lib/sms/sms-repository.js';
import { loadSendingConfig } from '../lib/sms/sms-settings.js';

type Refusal = SmsSendResult['refused'][number];
type Queued = SmsSendResult['queued'][number];

/** Which typed recipients can be tried at all: E.164, and each number once (the first time it is listed). */
export function screenRecipients(typed: readonly string[]): { numbers: string[]; refused: Refusal[] } {
  const numbers: string[] = [];
  const refused: Refusal[] = [];
  for (const to of typed) {
    if (!isE164(to)) refused.push({ to, reason: m.invalidPhone });
    else if (numbers.includes(to)) refused.push({ to, reason: m.duplicateRecipient });
    else numbers.push(to);
  }
  return { numbers, refused };
}

/** Recipients queued at a time: bounded so a 100-number send does not open 300 connections at once. */
const PARALLEL = 10;

type Outcome = { queued: Queued } | { refused: Refusal };

/**
 * One recipient: a slot of today's limit, then its record (queued), then its job, in that order, so the
 * worker always finds the record its job names. A refusal worth keeping (limit reached, opted out) is
 * recorded in the history as failed. A job that could not be queued marks its record failed and gives the
 * slot back.
 */
async function queueOne(
  to: string,
  body: string,
  kind: SmsJob['kind'],
  limit: number,
  isOptedOut: boolean,
  now: Date,
): Promise<Outcome> {
  const at = now.toISOString();
  const id = randomUUID();
  const record = { id, kind, to, message: body, created_at: at, updated_at: at };
  if (isOptedOut) {
    await createMessage({ ...record, status: 'failed', error: m.optedOut });
    return { refused: { to, reason: m.optedOut } };
  }
  if (!(await reserveDailySlot(now, limit))) {
    await createMessage({ ...record, status: 'failed', error: m.dailyLimit(limit) });
    return { refused: { to, reason: m.dailyLimit(limit) } };
  }
  await createMessage({ ...record, status: 'queued' });
  try {
    await enqueue(ENV.smsQueueUrl, { messageId: id, to, body, kind } satisfies SmsJob);
  } catch (error) {
    log('error', 'could not queue an SMS job', { messageId: id, ...errorDetails(error) });
    await moveUnsent(id, 'queued', 'failed', new Date().toISOString(), { message: m.sendFailed });
    await releaseDailySlot(now);
    return { refused: { to, reason: m.sendFailed } };
  }
  return { queued: { to, id } };
}

/**
 * Records and queues SMS to the recipients as typed, after the spec's preconditions (settings saved, enabled,
 * credentials set). Answers which were queued and which were refused and why; when none could be queued the
 * answer is a 400 'Failed to send messages' whose `fields` name each refused number's reason.
 */
export async function sendSms(
  typed: readonly string[],
  body: string,
  kind: SmsJob['kind'],
  now: Date,
): Promise<SmsSendResult> {
  const { settings } = await loadSendingConfig();
  const { numbers, refused } = screenRecipients(typed);
  const stopped = await optedOut(numbers);
  const queued: Queued[] = [];
  for (let i = 0; i < numbers.length; i += PARALLEL) {
    const outcomes = await Promise.all(
      numbers
        .slice(i, i + PARALLEL)
        .map((to) => queueOne(to, body, kind, settings.rateLimitPerDay, stopped.has(to), now)),
    );
    for (const outcome of outcomes) {
      if ('queued' in outcome) queued.push(outcome.queued);
      else refused.push(outcome.refused);
    }
  }
  if (queued.length === 0) {
    const fields: Record<string, string> = {};
    for (const { to, reason } of refused) fields[to] ??= reason;
    throw new AppError('validation', m.allFailed, fields);
  }
  const message = refused.length > 0 ? m.someFailed : kind === 'test' ? m.testSent : m.sent;
  return { message, queued, refused };
}

export const sendBulkSms = (recipients: string, body: string, now: Date) =>
  sendSms(splitRecipients(recipients), body, 'marketing', now);

/** The test SMS: one number, the spec's test text; refused like a bulk recipient, with its own reason. */
export async function sendTestSms(to: string, now: Date): Promise<SmsSendResult> {
  try {
    return await sendSms([to], m.testText, 'test', now);
  } catch (error) {
    if (error instanceof AppError && error.message === m.allFailed && error.fields) {
      throw new AppError('validation', Object.values(error.fields)[0] ?? m.testFailed, error.fields);
    }
    throw error;
  }
}
