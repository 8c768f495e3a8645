import { adminSmsMessages as m } from '../../shared/messages';
import { SMS_DEFAULTS } from '../../shared/rules/sms';
import { screenRecipients } from './send-sms';
import { readSmsSettings, sendingConfig, smsSettingWrites } from './sms-settings';
import { isPermanent } from './sms-worker';

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

describe('recipients and Twilio errors', () => {
  it('refuses numbers that are not E.164 and repeats, keeping the order', () => {
    expect(screenRecipients(['+15005550006', '555-1234', '+15005550006', '+447700900123'])).toEqual({
      numbers: ['+15005550006', '+447700900123'],
      refused: [
        { to: '555-1234', reason: m.invalidPhone },
        { to: '+15005550006', reason: m.duplicateRecipient },
      ],
    });
  });

  it('tells permanent refusals from errors worth retrying', () => {
    expect(isPermanent({ status: 400, code: 21211, message: 'invalid' })).toBe(true);
    expect(isPermanent({ status: 400, code: 21610, message: 'opted out' })).toBe(true);
    expect(isPermanent({ status: 401, code: 20003, message: 'auth' })).toBe(true);
    expect(isPermanent({ status: 429, code: 20429, message: 'too many' })).toBe(false);
    expect(isPermanent({ status: 503, message: 'unavailable' })).toBe(false);
    expect(isPermanent({ message: 'ECONNRESET' })).toBe(false);
  });
});
