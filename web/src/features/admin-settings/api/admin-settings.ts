import { adminGetSettings } from '@shared/routes/admin-get-settings';
import { adminUpdateSettings } from '@shared/routes/admin-update-settings';
import type { AdminSettings } from '@shared/schemas/admin-settings';
import type { AdminSettingsUpdateInput } from '@shared/schemas/admin-settings-update';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsQueryKey } from '../../../lib/settings/get-settings';

export const adminSettingsKey = ['admin', 'settings'] as const;

export const useAdminSettings = () =>
  useQuery({
    queryKey: adminSettingsKey,
    queryFn: ({ signal }) => apiRequest(adminGetSettings, { signal }),
  });

/**
 * One save (a card, a switch, or every unsaved change). Never retried: the page says what failed. The answer
 * is the whole record, kept as this page's data; the public settings are read again so the admin's own
 * storefront shows the change at once.
 */
export const useSaveSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminSettingsUpdateInput) => apiRequest(adminUpdateSettings, { body: patch }),
    onSuccess: (saved: AdminSettings) => {
      queryClient.setQueryData(adminSettingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    },
  });
};
