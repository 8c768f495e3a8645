import { adminSendTestEmail } from '@shared/routes/admin-send-test-email';
import type { SendTestEmailRequest } from '@shared/schemas/admin-email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { emailLogsKey, marketingStatsKey } from './query-keys';

/** Sends a test e-mail now; it shows in Recent Emails and in the figures, sent or failed. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTestEmailRequest) => apiRequest(adminSendTestEmail, { body }),
    onSettled: () =>
      Promise.all(
        [emailLogsKey, marketingStatsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
