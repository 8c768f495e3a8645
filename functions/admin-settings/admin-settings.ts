import { readSettings } from '../../shared/rules/settings.js';
import { SECRET_SETTINGS, type SecretSetting } from '../../shared/rules/settings-defaults.js';
import type { AdminSettings, SecretStatus } from '../../shared/schemas/admin-settings.js';
import type { AdminSettingsUpdate } from '../../shared/schemas/admin-settings-update.js';
import type { SettingsItem } from '../lib/entities.js';
import { type ProviderSecrets, readProviderSecretsFresh, saveProviderSecrets } from '../lib/secrets.js';
import { getStoredSettings, updateSettings } from '../lib/settings/settings-repository.js';
import { settingWrites } from '../lib/settings/settings-update.js';

/** Where each write-only setting lives in the stage's secret. */
export const SECRET_KEYS: Record<SecretSetting, keyof ProviderSecrets> = {
  easypost_test_api: 'easypostTestKey',
  easypost_prod_api: 'easypostProdKey',
  carrier_id: 'easypostCarrierAccount',
};

/** Values shorter than this show no characters at all: four of six would give most of it away. */
const MIN_LENGTH_FOR_LAST4 = 8;

export const secretStatus = (value: string | null | undefined): SecretStatus => {
  const v = value?.trim() ?? '';
  return { set: v !== '', last4: v.length >= MIN_LENGTH_FOR_LAST4 ? v.slice(-4) : null };
};

/** The legacy table copy of a credential (the old backend kept them in the settings row). */
const legacy = (stored: SettingsItem | null, field: SecretSetting): string | null =>
  typeof stored?.[field] === 'string' ? (stored[field] as string) : null;

/** The admin view: every setting with its default, credentials reduced to set / last four. */
export function toAdminSettings(stored: SettingsItem | null, secrets: ProviderSecrets): AdminSettings {
  const status = (field: SecretSetting) =>
    secretStatus(secrets[SECRET_KEYS[field]] ?? (field === 'carrier_id' ? legacy(stored, field) : null));
  return {
    ...readSettings(stored),
    easypost_test_api: status('easypost_test_api'),
    easypost_prod_api: status('easypost_prod_api'),
    carrier_id: status('carrier_id'),
    created_at: typeof stored?.created_at === 'string' ? stored.created_at : null,
    updated_at: typeof stored?.updated_at === 'string' ? stored.updated_at : null,
  };
}

export async function getAdminSettings(): Promise<AdminSettings> {
  const [stored, secrets] = await Promise.all([getStoredSettings(true), readProviderSecretsFresh()]);
  return toAdminSettings(stored, secrets);
}

/**
 * One card's save. Credentials go to the secret (an empty one keeps what is stored) before the table write,
 * and a credential saved there drops its legacy copy from the table; every other field is written alone.
 */
export async function saveAdminSettings(patch: AdminSettingsUpdate, now: Date): Promise<AdminSettings> {
  const changedSecrets = SECRET_SETTINGS.filter((field) => (patch[field] ?? '') !== '');
  const secrets = changedSecrets.length
    ? await saveProviderSecrets(
        Object.fromEntries(changedSecrets.map((field) => [SECRET_KEYS[field], patch[field]])),
      )
    : await readProviderSecretsFresh();
  const stored = await updateSettings(settingWrites(patch), now.toISOString(), changedSecrets);
  return toAdminSettings(stored, secrets);
}
