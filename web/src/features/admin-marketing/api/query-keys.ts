/**
 * The marketing pages' query keys, all under ['admin', 'marketing', ...]: a send refreshes the figures, the
 * SMS history and the SMS settings (today's count) together.
 */
export const marketingKey = ['admin', 'marketing'] as const;
export const marketingStatsKey = [...marketingKey, 'stats'] as const;
export const smsSettingsKey = [...marketingKey, 'sms', 'settings'] as const;
export const smsHistoryKey = [...marketingKey, 'sms', 'history'] as const;
export const emailSettingsKey = [...marketingKey, 'email', 'settings'] as const;
export const emailTemplatesKey = [...marketingKey, 'email', 'templates'] as const;
export const emailTemplateKey = (key: string) => [...emailTemplatesKey, key] as const;
export const emailLogsKey = [...marketingKey, 'email', 'logs'] as const;
