/**
 * The marketing pages' query keys, all under ['admin', 'marketing', ...]: a send refreshes the figures, the
 * SMS history and the SMS settings (today's count) together.
 */
export const marketingKey = ['admin', 'marketing'] as const;
export const marketingStatsKey = [...marketingKey, 'stats'] as const;
export const smsSettingsKey = [...marketingKey, 'sms', 'settings'] as const;
export const smsHistoryKey = [...marketingKey, 'sms', 'history'] as const;
