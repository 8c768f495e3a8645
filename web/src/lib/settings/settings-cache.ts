import { type PublicSettings, ZPublicSettings } from '@shared/schemas/settings';

export const SETTINGS_STORAGE_KEY = 'site-settings';

/** The settings of the last visit, if they still match the contract. */
export function readCachedSettings(): PublicSettings | null {
  try {
    const raw = localStorage.getItem(SETTINGS_STORAGE_KEY);
    if (!raw) return null;
    const parsed = ZPublicSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCachedSettings(settings: PublicSettings): void {
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled (private mode): the cache is only a speed-up.
  }
}
