import { adminGetEmailSettings } from '@shared/routes/admin-get-email-settings';
import { adminSaveEmailSettings } from '@shared/routes/admin-save-email-settings';
import type { EmailSettings, SaveEmailSettingsRequest } from '@shared/schemas/admin-email';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { emailSettingsKey } from './query-keys';

/** The e-mail card with SES's answer about the sender. */
export const useEmailSettings = () =>
  useQuery({
    queryKey: emailSettingsKey,
    queryFn: ({ signal }): Promise<EmailSettings> => apiRequest(adminGetEmailSettings, { signal }),
  });

/** Saves the whole card; the answer carries the new sender check. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveEmailSettingsRequest) => apiRequest(adminSaveEmailSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsKey, settings),
  });
}
