import { adminSmsMessages as m } from '../../../shared/messages';
import { SMS_DEFAULTS } from '../../../shared/rules/sms';
import { readSmsSettings, sendingConfig, smsSettingWrites } from './sms-settings';

const SID = `AC${'0'.repeat(32)}`;
const saved = (over: Record<string, unknown> = {}) =>
  readSmsSettings({
    sms_settings: {
      is_enabled: true,
      account_sid: SID,
      phone_number: '+15005550006',
      updated_at: '2026-11-24T00:00:00.000Z',
      ...over,
    },
  });

describe('SMS settings', () => {
  it("answers the spec's defaults, not configured, until a save", () => {
    const none = readSmsSettings({ pk: 'SETTINGS', contact_email: 'a@b.c' });
    expect(none).toMatchObject({
      configured: false,
      isEnabled: false,
      accountSid: '',
      messageFooter: SMS_DEFAULTS.defaultOptOutMessage,
      retryAttempts: 3,
      rateLimitPerDay: 100,
    });
    expect(saved().configured).toBe(true);
    expect(saved({ rate_limit_per_day: 5, message_footer: '' })).toMatchObject({
      rateLimitPerDay: 5,
      messageFooter: '',
    });
  });

  it('writes only the fields sent, never the token (only when it was saved)', () => {
    const writes = smsSettingWrites({ isEnabled: false, authToken: 'a'.repeat(32) }, 'now');
    expect(writes).toEqual([
      { path: ['sms_settings', 'is_enabled'], value: false },
      { path: ['sms_settings', 'auth_token_saved_at'], value: 'now' },
      { path: ['sms_settings', 'updated_at'], value: 'now' },
    ]);
    expect(JSON.stringify(writes)).not.toContain('aaaa');
  });

  it("checks the spec's preconditions in its order", () => {
    const token = 'b'.repeat(32);
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return [(error as { status: number }).status, (error as Error).message];
      }
      return null;
    };
    expect(refusal(() => sendingConfig(readSmsSettings(null), undefined))).toEqual([409, m.settingsNotFound]);
    expect(refusal(() => sendingConfig(saved({ is_enabled: false }), undefined))).toEqual([
      409,
      m.settingsDisabled,
    ]);
    expect(refusal(() => sendingConfig(saved(), undefined))).toEqual([409, m.credentialsMissing]);
    expect(refusal(() => sendingConfig(saved({ phone_number: '' }), token))).toEqual([
      409,
      m.credentialsMissing,
    ]);
    expect(sendingConfig(saved(), token).authToken).toBe(token);
  });
});
