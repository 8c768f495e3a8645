import * as ENV from '../../shared/env-vars.js';
import { adminSmsMessages as m } from '../../shared/messages.js';
import { withFooter } from '../../shared/rules/sms.js';
import type { SmsJob } from '../../shared/schemas/jobs.js';
import { log } from '../lib/log.js';
import { countMessage } from '../lib/message-stats.js';
import { readProviderSecretsFresh } from '../lib/secrets.js';
import {
  claimMessage,
  getMessage,
  moveUnsent,
  recordAccepted,
  recordOptOut,
} from '../lib/sms/sms-repository.js';
import { loadSmsSettings } from '../lib/sms/sms-settings.js';
import { applyEarlyStatus } from '../lib/sms/sms-status.js';
import type { JobContext } from '../lib/sqs-worker.js';
import { createTwilioClient } from '../lib/twilio.js';

/** Twilio's refusals that sending again cannot change (invalid or unreachable number, opted out, bad auth). */
export const PERMANENT_TWILIO_CODES = new Set([
  20003, 21211, 21212, 21408, 21602, 21606, 21610, 21612, 21614, 21617, 30004, 30005, 30006,
]);
export const OPTED_OUT_CODE = 21610;

interface TwilioFailure {
  status?: number;
  code?: number;
  message: string;
}

const asFailure = (error: unknown): TwilioFailure => {
  const e = error as { status?: unknown; code?: unknown; message?: unknown };
  return {
    status: typeof e?.status === 'number' ? e.status : undefined,
    code: typeof e?.code === 'number' ? e.code : undefined,
    message: typeof e?.message === 'string' ? e.message : String(error),
  };
};

/**
 * Permanent: a known refusal code, or any other 4xx answer (the request itself is wrong). Transient: 5xx,
 * 429 (Twilio's rate limit) and network errors (no HTTP status): the queue retries those with backoff.
 */
export const isPermanent = (failure: TwilioFailure): boolean =>
  (failure.code !== undefined && PERMANENT_TWILIO_CODES.has(failure.code)) ||
  (failure.status !== undefined && failure.status >= 400 && failure.status < 500 && failure.status !== 429);

const describe = (failure: TwilioFailure) =>
  failure.code !== undefined ? `${failure.message} (Twilio error ${failure.code})` : failure.message;

/** Records a message failed for good and counts it, once: only the write that moved it counts. */
export async function fail(
  job: SmsJob,
  createdAt: string,
  from: 'queued' | 'sending',
  message: string,
  code?: number,
): Promise<void> {
  const moved = await moveUnsent(job.messageId, from, 'failed', new Date().toISOString(), {
    message,
    code: code === undefined ? undefined : String(code),
  });
  if (moved) await countMessage('sms_failed', createdAt);
}

/**
 * Sends one SMS through Twilio, at most once per message record:
 * - the record is claimed first (queued and without a SID → sending); a redelivered job finds it claimed or
 *   done and sends nothing;
 * - a record found in `sending` without a SID was claimed by a delivery that died between calling Twilio and
 *   storing the answer: Twilio may or may not have sent it, so it is recorded failed (sendInterrupted) rather
 *   than risking a second text to the same person;
 * - settings are read at sending time: disabled since queueing, or credentials gone, fails it with the reason;
 * - a transient error puts the record back to queued and throws, so the queue retries with backoff, until the
 *   settings' retry attempts (or the queue's last delivery) record it failed.
 */
export async function processSmsJob(job: SmsJob, ctx: JobContext): Promise<void> {
  const record = await getMessage(job.messageId);
  if (!record) {
    log('warn', 'SMS job names no message record, dropped', { messageId: job.messageId });
    return;
  }
  if (record.status === 'sending' && !record.sid) {
    await fail(job, record.created_at, 'sending', m.sendInterrupted);
    return;
  }
  if (record.status !== 'queued' || record.sid) {
    log('info', 'SMS already handled, skipping', { messageId: job.messageId, status: record.status });
    return;
  }
  const [settings, secrets] = await Promise.all([loadSmsSettings(true), readProviderSecretsFresh()]);
  if (!settings.isEnabled) return fail(job, record.created_at, 'queued', m.settingsDisabled);
  if (!settings.accountSid || !settings.phoneNumber || !secrets.twilioAuthToken) {
    return fail(job, record.created_at, 'queued', m.credentialsMissing);
  }
  if (!(await claimMessage(job.messageId, new Date().toISOString()))) {
    log('info', 'SMS claimed by another delivery, skipping', { messageId: job.messageId });
    return;
  }
  const attempts = (record.attempts ?? 0) + 1;
  let sid: string;
  try {
    const sent = await createTwilioClient(settings.accountSid, secrets.twilioAuthToken).messages.create({
      to: job.to,
      from: settings.phoneNumber,
      body: withFooter(job.body, settings.messageFooter),
      // From configuration, never from a request: Twilio signs its callbacks over this URL.
      statusCallback: `${process.env[ENV.siteUrl]}/api/webhooks/twilio/status`,
    });
    sid = sent.sid;
  } catch (error) {
    const failure = asFailure(error);
    if (isPermanent(failure)) {
      await fail(job, record.created_at, 'sending', describe(failure), failure.code);
      if (failure.code === OPTED_OUT_CODE) await recordOptOut(job.to, 'twilio', new Date().toISOString());
      return;
    }
    if (attempts >= settings.retryAttempts || ctx.lastAttempt) {
      await fail(job, record.created_at, 'sending', m.sendRetriesExhausted(attempts, describe(failure)));
      return;
    }
    // Back to queued, so the retry may claim it again (Twilio refused it: nothing was sent).
    await moveUnsent(job.messageId, 'sending', 'queued', new Date().toISOString());
    throw error;
  }
  if (await recordAccepted(record, sid, new Date().toISOString())) {
    await countMessage('sms_sent', record.created_at);
    await applyEarlyStatus({ ...record, status: 'sent', sid }, sid, new Date());
  } else {
    log('error', 'SMS sent but its record had moved on', { messageId: job.messageId, sid });
  }
}
