import { validateRequest } from 'twilio/lib/webhooks/webhooks';
import * as ENV from '../../shared/env-vars.js';
import { adminSmsMessages as m } from '../../shared/messages.js';
import {
  inboundKeyword,
  smsStatusOf,
  ZTwilioInboundMessage,
  ZTwilioStatusCallback,
} from '../../shared/schemas/twilio-webhooks.js';
import { AppError } from '../lib/errors.js';
import { log } from '../lib/log.js';
import { getProviderSecrets, readProviderSecretsFresh } from '../lib/secrets.js';
import {
  findMessageBySid,
  recordEarlyStatus,
  recordOptOut,
  removeOptOut,
} from '../lib/sms/sms-repository.js';
import { loadSmsSettings } from '../lib/sms/sms-settings.js';
import { applyDeliveryStatus } from '../lib/sms/sms-status.js';
import { parseInput } from '../lib/validation.js';

/** The public URL Twilio calls and signs, from configuration: a forged Host header cannot change it. */
export const webhookUrl = (path: 'status' | 'inbound'): string =>
  `${process.env[ENV.siteUrl]}/api/webhooks/twilio/${path}`;

/** The form as Twilio posted it (a repeated field keeps its last value, as Twilio's own validator reads it). */
export const formParams = (rawBody: string | undefined): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(rawBody ?? ''));

/** A mismatch re-reads the secret at most this often per container: forged callbacks cannot drive reads... */
const FRESH_READ_INTERVAL_MS = 60_000;
/** ...except once after each token staff save, and once a second while a save may still be settling. */
const SETTLING_READ_INTERVAL_MS = 1_000;
/** A save this long before a read may not have been visible to it yet (the secret store settles). */
const SAVE_SETTLE_MS = 60_000;
let lastFreshRead = 0;

/** How long after the last fresh read the secret may be read again, given when a token was last saved. */
const freshReadInterval = (savedAt: number | null): number => {
  if (savedAt === null) return FRESH_READ_INTERVAL_MS;
  if (savedAt > lastFreshRead) return 0;
  return savedAt > lastFreshRead - SAVE_SETTLE_MS ? SETTLING_READ_INTERVAL_MS : FRESH_READ_INTERVAL_MS;
};

/** When staff last saved the Twilio auth token through the back office (null: never). */
export const authTokenSavedAt = async (): Promise<number | null> => {
  const savedAt = (await loadSmsSettings(true)).authTokenSavedAt;
  return savedAt ? Date.parse(savedAt) : null;
};

/**
 * X-Twilio-Signature over the configured URL and the form, with the auth token from the stage's secret. The
 * cached token is tried first. A mismatch reads the secret again at once when staff saved a token after this
 * container last read it, at most once a second in the minute after a save, and otherwise once a minute (a
 * token changed in the secret directly): a token just saved is honoured on the next callback, and forged
 * callbacks cannot drive reads of the secret.
 */
export async function verifiedForm(
  path: 'status' | 'inbound',
  rawBody: string | undefined,
  signature: string | undefined,
  tokenSavedAt: () => Promise<number | null> = authTokenSavedAt,
): Promise<Record<string, string>> {
  const params = formParams(rawBody);
  const url = webhookUrl(path);
  const valid = (token: string | undefined) =>
    Boolean(token && signature && validateRequest(token, signature, url, params));
  if (valid((await getProviderSecrets()).twilioAuthToken)) return params;
  if (!signature) throw new AppError('unauthorized', m.forgedCallback);
  if (Date.now() - lastFreshRead < freshReadInterval(await tokenSavedAt()))
    throw new AppError('unauthorized', m.forgedCallback);
  lastFreshRead = Date.now();
  const fresh = (await readProviderSecretsFresh()).twilioAuthToken;
  if (!fresh) log('error', 'Twilio auth token is not configured: every callback is refused');
  if (!valid(fresh)) throw new AppError('unauthorized', m.forgedCallback);
  return params;
}

/**
 * One status callback, applied once and forward only: a repeated or an older status changes nothing
 * (`duplicate: true`). Twilio may call back before the worker has stored the SID it was just given: the
 * status then waits on the SID's pointer and the worker applies it as it stores the SID (whichever of the two
 * writes second sees the other's, so the status is never lost).
 */
export async function handleStatusCallback(
  form: Record<string, string>,
  now: Date,
): Promise<{ received: true; duplicate: boolean }> {
  const callback = parseInput(ZTwilioStatusCallback, form);
  const next = smsStatusOf(callback.MessageStatus);
  const errorCode = callback.ErrorCode ?? null;
  let message = await findMessageBySid(callback.MessageSid);
  if (!message) {
    if (await recordEarlyStatus(callback.MessageSid, next, errorCode, now)) {
      log('info', 'Twilio status callback before its SID was stored: kept for the worker', {
        sid: callback.MessageSid,
        status: next,
      });
      return { received: true, duplicate: false };
    }
    // The worker stored the SID meanwhile (or a later status already waits).
    message = await findMessageBySid(callback.MessageSid);
    if (!message) return { received: true, duplicate: true };
  }
  const applied = await applyDeliveryStatus(message, next, errorCode, now);
  return { received: true, duplicate: !applied };
}

/** An inbound text: STOP and its synonyms record an opt-out, START/YES/UNSTOP remove it; others are ignored. */
export async function handleInboundMessage(
  form: Record<string, string>,
  now: Date,
): Promise<{ received: true; duplicate: boolean }> {
  const inbound = parseInput(ZTwilioInboundMessage, form);
  const keyword = inboundKeyword(inbound.Body);
  if (keyword === 'opt-out') await recordOptOut(inbound.From, 'inbound', now.toISOString());
  else if (keyword === 'opt-in') await removeOptOut(inbound.From, now.toISOString());
  return { received: true, duplicate: false };
}
