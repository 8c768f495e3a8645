import { isLaterStatus, type SmsStatus } from '../../../shared/rules/sms.js';
import type { SmsMessageItem } from '../entities.js';
import { countMessage } from '../message-stats.js';
import { applyStatus, readEarlyStatus } from './sms-repository.js';

/**
 * A delivery status for a recorded message, applied once and forward only (a repeated or an older status
 * changes nothing: false). Counted when the write moved the status: delivered, or undelivered/failed.
 */
export async function applyDeliveryStatus(
  message: SmsMessageItem,
  next: SmsStatus,
  errorCode: string | null,
  now: Date,
): Promise<boolean> {
  if (!isLaterStatus(message.status, next)) return false;
  if (!(await applyStatus(message, next, errorCode, now))) return false;
  if (next === 'delivered') await countMessage('sms_delivered', message.created_at);
  else if (next === 'undelivered' || next === 'failed')
    await countMessage('sms_undelivered', message.created_at);
  return true;
}

/** Once the SID is stored: a status Twilio called back with before that is applied now. */
export async function applyEarlyStatus(message: SmsMessageItem, sid: string, now: Date): Promise<void> {
  const early = await readEarlyStatus(sid);
  if (early) await applyDeliveryStatus(message, early.status, early.errorCode, now);
}
