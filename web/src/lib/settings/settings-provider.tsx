import { messages } from '@shared/messages';
import { DEFAULT_PUBLIC_SETTINGS } from '@shared/rules/settings-defaults';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { LoadingState } from '../../components/loading-state';
import { useSettingsQuery } from './get-settings';
import { readCachedSettings, writeCachedSettings } from './settings-cache';
import { SettingsContext, type SettingsState } from './settings-context';

/**
 * Settings load before anything else. A returning visitor starts at once with the settings cached on the
 * last visit while they refresh; a first visit waits on 'Initializing application...'. A failed load uses the
 * defaults and raises the yellow banner.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [cached] = useState(readCachedSettings);
  const query = useSettingsQuery();

  useEffect(() => {
    if (query.data) writeCachedSettings(query.data);
  }, [query.data]);

  const current = useMemo<SettingsState | null>(() => {
    if (query.data) return { settings: query.data, loadFailed: false };
    if (query.isError) return { settings: DEFAULT_PUBLIC_SETTINGS, loadFailed: true };
    return cached ? { settings: cached, loadFailed: false } : null;
  }, [query.data, query.isError, cached]);
  // Settings arriving render the whole app (header, page, footer): from a deferred copy, React does that in
  // slices between which the browser stays responsive (a transition), not in one long task.
  const state = useDeferredValue(current);

  if (!state) return <LoadingState fullPage message={messages.app.initializing} />;
  return <SettingsContext.Provider value={state}>{children}</SettingsContext.Provider>;
}
