import { getSettings as getSettingsRoute } from '@shared/routes/get-settings';
import type { PublicSettings } from '@shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const settingsQueryKey = ['settings'] as const;

export const getSettings = (signal?: AbortSignal): Promise<PublicSettings> =>
  apiRequest(getSettingsRoute, { signal });

/**
 * What staff change in the back office (payout methods offered, contact details, analytics id, expiration
 * rules) must reach an open storefront within a minute: the settings are fresh for 60 s and read again every
 * 60 s while the tab is visible (the API answers `no-store` and CloudFront does not cache /api/*). No
 * retries, so a failing first load falls back to the defaults straight away instead of holding the whole app
 * on 'Initializing application...'; a failing refresh keeps the settings already shown.
 */
export const SETTINGS_MAX_AGE_MS = 60_000;
export const useSettingsQuery = () =>
  useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: SETTINGS_MAX_AGE_MS,
    refetchInterval: SETTINGS_MAX_AGE_MS,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
