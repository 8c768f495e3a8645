import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { adminSmsMessages as m } from '../../../shared/messages.js';
import { SMS_DEFAULTS } from '../../../shared/rules/sms.js';
import type { SmsSettings, UpdateSmsSettingsRequest } from '../../../shared/schemas/admin-sms.js';
import { db, tableName } from '../db.js';
import { counters, dayOf, type SettingsItem } from '../entities.js';
import { AppError } from '../errors.js';
import { readProviderSecretsFresh, saveProviderSecrets } from '../secrets.js';
import { getStoredSettings, updateSettings } from '../settings/settings-repository.js';
import type { SettingWrite } from '../settings/settings-update.js';

/** The settings record's map that holds the SMS configuration (the auth token lives in the secret). */
export const SMS_SETTINGS_FIELD = 'sms_settings';

/** The SMS configuration as stored, with the spec's defaults for what was never saved. */
export interface StoredSmsSettings {
  configured: boolean;
  isEnabled: boolean;
  accountSid: string;
  phoneNumber: string;
  messageFooter: string;
  retryAttempts: number;
  rateLimitPerDay: number;
  updatedAt: string | null;
  /** When staff last saved the auth token (the webhooks re-read the secret after it). */
  authTokenSavedAt: string | null;
}

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const positive = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

export function readSmsSettings(record: SettingsItem | null): StoredSmsSettings {
  const raw = record?.[SMS_SETTINGS_FIELD];
  const stored =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as SettingsItem) : null;
  return {
    // Only a save stamps the map: a record without it was never configured.
    configured: typeof stored?.updated_at === 'string',
    isEnabled: stored?.is_enabled === true,
    accountSid: text(stored?.account_sid),
    phoneNumber: text(stored?.phone_number),
    messageFooter: text(stored?.message_footer, SMS_DEFAULTS.defaultOptOutMessage),
    retryAttempts: positive(stored?.retry_attempts, SMS_DEFAULTS.retryAttempts),
    rateLimitPerDay: positive(stored?.rate_limit_per_day, SMS_DEFAULTS.rateLimitPerDay),
    updatedAt: typeof stored?.updated_at === 'string' ? stored.updated_at : null,
    authTokenSavedAt: typeof stored?.auth_token_saved_at === 'string' ? stored.auth_token_saved_at : null,
  };
}

export const loadSmsSettings = async (consistent = false): Promise<StoredSmsSettings> =>
  readSmsSettings(await getStoredSettings(consistent));

/** SMS reserved against today's limit (UTC day). */
export async function sentToday(now: Date): Promise<number> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: counters.messagingDay(dayOf(now)),
      ProjectionExpression: 'sms_daily',
      ConsistentRead: true,
    }),
  );
  return typeof Item?.sms_daily === 'number' ? Item.sms_daily : 0;
}

export function toSmsSettingsView(
  stored: StoredSmsSettings,
  authTokenSet: boolean,
  sent: number,
): SmsSettings {
  return {
    configured: stored.configured,
    isEnabled: stored.isEnabled,
    accountSid: stored.accountSid,
    authTokenSet,
    phoneNumber: stored.phoneNumber,
    messageFooter: stored.messageFooter,
    retryAttempts: stored.retryAttempts,
    rateLimitPerDay: stored.rateLimitPerDay,
    defaultOptOutMessage: SMS_DEFAULTS.defaultOptOutMessage,
    defaultOptInMessage: SMS_DEFAULTS.defaultOptInMessage,
    sentToday: sent,
    updatedAt: stored.updatedAt,
  };
}

export async function getSmsSettingsView(now: Date): Promise<SmsSettings> {
  const [stored, secrets, sent] = await Promise.all([
    loadSmsSettings(true),
    readProviderSecretsFresh(),
    sentToday(now),
  ]);
  return toSmsSettingsView(stored, Boolean(secrets.twilioAuthToken), sent);
}

/** The table writes of one save: only the fields sent (the token is not one of them). */
export function smsSettingWrites(body: UpdateSmsSettingsRequest, at: string): SettingWrite[] {
  const fields: Array<[string, unknown]> = [
    ['is_enabled', body.isEnabled],
    ['account_sid', body.accountSid],
    ['phone_number', body.phoneNumber],
    ['message_footer', body.messageFooter],
  ];
  return [
    ...fields
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => ({
        path: [SMS_SETTINGS_FIELD, field],
        value,
      })),
    ...(body.authToken !== undefined
      ? [{ path: [SMS_SETTINGS_FIELD, 'auth_token_saved_at'], value: at }]
      : []),
    { path: [SMS_SETTINGS_FIELD, 'updated_at'], value: at },
  ];
}

/**
 * Saves the fields sent, one SET each (a concurrent save of another field survives); the auth token goes to
 * the stage's secret first, so a settings record never says configured with a token that failed to save.
 */
export async function saveSmsSettings(body: UpdateSmsSettingsRequest, now: Date): Promise<SmsSettings> {
  const at = now.toISOString();
  if (body.authToken !== undefined) await saveProviderSecrets({ twilioAuthToken: body.authToken });
  const record = await updateSettings(smsSettingWrites(body, at), at);
  const [secrets, sent] = await Promise.all([readProviderSecretsFresh(), sentToday(now)]);
  return toSmsSettingsView(readSmsSettings(record), Boolean(secrets.twilioAuthToken), sent);
}

export interface SendingConfig {
  settings: StoredSmsSettings;
  authToken: string;
}

/** The spec's preconditions for sending, in its order (409: the settings, not the request, must change). */
export function sendingConfig(settings: StoredSmsSettings, authToken: string | undefined): SendingConfig {
  if (!settings.configured) throw new AppError('conflict', m.settingsNotFound);
  if (!settings.isEnabled) throw new AppError('conflict', m.settingsDisabled);
  if (!settings.accountSid || !settings.phoneNumber || !authToken) {
    throw new AppError('conflict', m.credentialsMissing);
  }
  return { settings, authToken };
}

export async function loadSendingConfig(): Promise<SendingConfig> {
  const [settings, secrets] = await Promise.all([loadSmsSettings(true), readProviderSecretsFresh()]);
  return sendingConfig(settings, secrets.twilioAuthToken);
}
