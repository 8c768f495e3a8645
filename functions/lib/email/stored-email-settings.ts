import * as ENV from '../../../shared/env-vars.js';
import type { SettingsItem } from '../entities.js';

/** The settings record's map that holds the e-mail card (spec 001 §3 Email settings). */
export const EMAIL_SETTINGS_FIELD = 'email_settings';

/** The e-mail card as stored; a stage where staff never saved it sends from the stage's sender (EMAIL_FROM). */
export interface StoredEmailSettings {
  isEnabled: boolean;
  fromEmail: string;
  replyTo: string | null;
  updatedAt: string | null;
}

const stageSender = (): string => process.env[ENV.emailFrom]?.trim() ?? '';

export function readEmailSettings(record: SettingsItem | null): StoredEmailSettings {
  const raw = record?.[EMAIL_SETTINGS_FIELD];
  const stored =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as SettingsItem) : null;
  const saved = typeof stored?.updated_at === 'string';
  return {
    // Order e-mails went out before the card existed: never saved means on, from the stage's sender.
    isEnabled: saved ? stored?.is_enabled === true : true,
    fromEmail: typeof stored?.from_email === 'string' && saved ? stored.from_email : stageSender(),
    replyTo: typeof stored?.reply_to === 'string' && stored.reply_to ? stored.reply_to : null,
    updatedAt: saved ? (stored?.updated_at as string) : null,
  };
}
