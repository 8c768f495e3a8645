import { DEFAULT_PUBLIC_SETTINGS } from '@shared/rules/settings-defaults';
import type { PublicSettings } from '@shared/schemas/settings';
import { createContext, useContext } from 'react';

export interface SettingsState {
  settings: PublicSettings;
  /** True when the load failed and the defaults are in use (the yellow banner shows). */
  loadFailed: boolean;
}

export const SettingsContext = createContext<SettingsState>({
  settings: DEFAULT_PUBLIC_SETTINGS,
  loadFailed: false,
});

export const useSettingsState = (): SettingsState => useContext(SettingsContext);

/** The public site settings: loaded, cached from the last visit, or the defaults. */
export const useSettings = (): PublicSettings => useContext(SettingsContext).settings;
