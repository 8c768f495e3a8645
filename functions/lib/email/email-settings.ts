import { adminEmailMessages as m } from '../../../shared/messages.js';
import type { EmailSettings, SaveEmailSettingsRequest } from '../../../shared/schemas/admin-email.js';
import { AppError } from '../errors.js';
import { getStoredSettings, updateSettings } from '../settings/settings-repository.js';
import { checkSender } from './ses.js';
import {
  EMAIL_SETTINGS_FIELD,
  readEmailSettings,
  type StoredEmailSettings,
} from './stored-email-settings.js';

export const loadEmailSettings = async (consistent = false): Promise<StoredEmailSettings> =>
  readEmailSettings(await getStoredSettings(consistent));

const view = async (stored: StoredEmailSettings): Promise<EmailSettings> => ({
  ...stored,
  sender: await checkSender(stored.fromEmail),
});

export const getEmailSettingsView = async (): Promise<EmailSettings> => view(await loadEmailSettings(true));

/** Saves the whole card (one UpdateItem of the map's fields) and answers with the new sender check. */
export async function saveEmailSettings(body: SaveEmailSettingsRequest, now: Date): Promise<EmailSettings> {
  const at = now.toISOString();
  const replyTo = body.replyTo?.trim() ? body.replyTo.trim() : null;
  const record = await updateSettings(
    [
      { path: [EMAIL_SETTINGS_FIELD, 'is_enabled'], value: body.isEnabled },
      { path: [EMAIL_SETTINGS_FIELD, 'from_email'], value: body.fromEmail },
      { path: [EMAIL_SETTINGS_FIELD, 'reply_to'], value: replyTo },
      { path: [EMAIL_SETTINGS_FIELD, 'updated_at'], value: at },
    ],
    at,
  );
  return view(readEmailSettings(record));
}

/**
 * The spec's preconditions for sending (spec 001 §7: provider key, from address, enabled), in SES terms:
 * a from address, the service switched on, and the sender verified in SES. 409: the settings must change.
 */
export async function requireSendable(settings: StoredEmailSettings): Promise<StoredEmailSettings> {
  if (!settings.fromEmail) throw new AppError('conflict', m.fromMissing);
  if (!settings.isEnabled) throw new AppError('conflict', m.disabled);
  const sender = await checkSender(settings.fromEmail);
  if (sender.status === 'unverified') throw new AppError('conflict', sender.message ?? m.fromMissing);
  if (sender.status === 'unknown') throw new AppError('unavailable', sender.message ?? m.senderUnverifiable);
  return settings;
}
