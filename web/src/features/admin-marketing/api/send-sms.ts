import { adminSendSms } from '@shared/routes/admin-send-sms';
import { adminSendTestSms } from '@shared/routes/admin-send-test-sms';
import type { SendSmsRequest, SendTestSmsRequest } from '@shared/schemas/admin-sms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { marketingStatsKey, smsHistoryKey, smsSettingsKey } from './query-keys';

/** After any send (even a refused one: refusals are recorded too) the history, today's count and the figures move. */
function useRefreshAfterSend() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [smsHistoryKey, smsSettingsKey, marketingStatsKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSendTestSms() {
  const refresh = useRefreshAfterSend();
  return useMutation({
    mutationFn: (body: SendTestSmsRequest) => apiRequest(adminSendTestSms, { body }),
    onSettled: refresh,
  });
}

export function useSendSms() {
  const refresh = useRefreshAfterSend();
  return useMutation({
    mutationFn: (body: SendSmsRequest) => apiRequest(adminSendSms, { body }),
    onSettled: refresh,
  });
}
