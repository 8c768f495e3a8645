import { adminListSmsMessages } from '@shared/routes/admin-list-sms-messages';
import { isFinalSmsStatus } from '@shared/rules/sms';
import type { SmsHistory } from '@shared/schemas/admin-sms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { smsHistoryKey } from './query-keys';

/** How often the history is read again while a recent message still waits for Twilio's callback. */
export const SMS_HISTORY_POLL_MS = 3_000;
/** A message older than this that never got a final status is not worth polling for any more. */
const POLL_WINDOW_MS = 10 * 60_000;

/** True while a message sent in the last minutes is still on its way (queued, sending or sent). */
export const awaitingCallback = (history: SmsHistory | undefined, now = Date.now()): boolean =>
  !!history?.messages.some(
    (row) => !isFinalSmsStatus(row.status) && now - Date.parse(row.createdAt) < POLL_WINDOW_MS,
  );

/** Message History (latest 50) and the status log; polled while a delivery status is still to come. */
export const useSmsHistory = () =>
  useQuery({
    queryKey: smsHistoryKey,
    queryFn: ({ signal }): Promise<SmsHistory> => apiRequest(adminListSmsMessages, { signal }),
    refetchInterval: (query) => (awaitingCallback(query.state.data) ? SMS_HISTORY_POLL_MS : false),
  });
