import { SECRET_SETTINGS, type SecretSetting, WAREHOUSE_FIELDS } from '@shared/rules/settings-defaults';
import type { AdminSettings, SettingsValues } from '@shared/schemas/admin-settings';

/** The page's form: every setting as stored, and the write-only credentials as empty inputs. */
export type SettingsForm = SettingsValues & Record<SecretSetting, string>;
export type SettingKey = keyof SettingsForm;

export const toFormValues = (settings: AdminSettings): SettingsForm => {
  const { easypost_test_api, easypost_prod_api, carrier_id, created_at, updated_at, ...values } = settings;
  return { ...structuredClone(values), easypost_test_api: '', easypost_prod_api: '', carrier_id: '' };
};

/** The top-level settings each card saves. */
export const CARD_FIELDS = {
  basic: [
    'site_name',
    'site_description',
    'phone_number',
    'contact_email',
    'support_phone',
    'support_email',
    'use_logo',
    'logo',
  ],
  product: ['teststrips_expiration', 'cgmsupplies_expiration', 'product_settings', 'inspection_answer_days'],
  notification: ['notifications'],
  shipping: [...SECRET_SETTINGS, ...WAREHOUSE_FIELDS],
  contact: ['phone_number', 'contact_email', 'contact'],
  analytics: ['analytics'],
} as const satisfies Record<string, readonly SettingKey[]>;
export type CardId = keyof typeof CARD_FIELDS;

type Obj = Record<string, unknown>;
const isMap = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const valueAt = (values: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (isMap(node) ? node[key] : undefined), values);

/** Paths of the changed fields, as react-hook-form marks them (a list counts as one field). */
export function dirtyPaths(dirty: unknown, prefix: string[] = []): string[][] {
  if (dirty === true) return [prefix];
  if (Array.isArray(dirty)) return dirty.some((d) => d === true || isMap(d)) ? [prefix] : [];
  if (!isMap(dirty)) return [];
  return Object.entries(dirty).flatMap(([key, inner]) => dirtyPaths(inner, [...prefix, key]));
}

/** Every field's path under some top-level settings (for a card saved with nothing changed). */
export function leafPaths(values: unknown, prefix: string[] = []): string[][] {
  if (!isMap(values)) return [prefix];
  return Object.entries(values).flatMap(([key, inner]) => leafPaths(inner, [...prefix, key]));
}

/** A save body holding exactly these fields: nested groups stay nested, so the server writes only them. */
export function patchOf(values: SettingsForm, paths: readonly string[][]): Obj {
  const patch: Obj = {};
  for (const path of paths) {
    let node = patch;
    path.slice(0, -1).forEach((key) => {
      if (!isMap(node[key])) node[key] = {};
      node = node[key] as Obj;
    });
    node[path[path.length - 1]] = valueAt(values, path);
  }
  return patch;
}
