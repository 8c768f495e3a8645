import type { PublicSettings } from '@shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const settingsQueryKey = ['settings'] as const;

export const getSettings = (signal?: AbortSignal): Promise<PublicSettings> =>
  apiRequest('getSettings', { signal });

/**
 * Settings load once per session: never stale, and no retries, so a failing load falls back to the defaults
 * straight away instead of holding the whole app on 'Initializing application...'.
 */
export const useSettingsQuery = () =>
  useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
