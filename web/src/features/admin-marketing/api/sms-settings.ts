import { adminGetSmsSettings } from '@shared/routes/admin-get-sms-settings';
import { adminUpdateSmsSettings } from '@shared/routes/admin-update-sms-settings';
import type { SmsSettings, UpdateSmsSettingsRequest } from '@shared/schemas/admin-sms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { smsSettingsKey } from './query-keys';

/** The Twilio configuration with the spec's defaults; the auth token only as set or not. */
export const useSmsSettings = () =>
  useQuery({
    queryKey: smsSettingsKey,
    queryFn: ({ signal }): Promise<SmsSettings> => apiRequest(adminGetSmsSettings, { signal }),
  });

/** Saves one or more fields (each field saves on its own); the answer is the whole configuration. */
export function useUpdateSmsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSmsSettingsRequest) => apiRequest(adminUpdateSmsSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(smsSettingsKey, settings),
  });
}
