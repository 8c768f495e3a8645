import { DEFAULT_PUBLIC_SETTINGS } from '../../../shared/rules/settings-defaults.js';
import { ZPublicSettings } from '../../../shared/schemas/settings.js';
import { toPublicSettings } from './public-settings.js';

describe('public settings', () => {
  it('answers the defaults when nothing is stored', () => {
    expect(toPublicSettings(null)).toEqual(DEFAULT_PUBLIC_SETTINGS);
    expect(DEFAULT_PUBLIC_SETTINGS.payment_methods.traditional.check).toBe(true);
    expect(DEFAULT_PUBLIC_SETTINGS.contact.address.country).toBe('USA');
  });

  it('never returns provider keys, warehouse or other private fields', () => {
    const result = toPublicSettings({
      pk: 'SETTINGS',
      sk: 'SITE',
      site_name: 'Strips R Us',
      easypost_test_api: 'EZTK_secret',
      easypost_prod_api: 'EZAK_secret',
      carrier_id: 'ca_123',
      warehouse_street: '1 Dock Rd',
      notifications: { email: { orderConfirmation: true } },
    });
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/EZTK|EZAK|ca_123|Dock|notifications|pk/);
    expect(result.site_name).toBe('Strips R Us');
    expect(ZPublicSettings.safeParse(result).success).toBe(true);
  });

  it('reads text booleans and months, and falls back per field on malformed values', () => {
    const result = toPublicSettings({
      use_logo: 'true',
      teststrips_expiration: '6',
      cgmsupplies_expiration: 'soon',
      payment_methods: { traditional: { paypal: 'true', check: 'maybe' }, crypto: 'nope' },
      contact: { social: { facebook: 'https://facebook.com/x', twitter: '' }, address: { country: 7 } },
      phone_number: 42,
    });
    expect(result.use_logo).toBe(true);
    expect(result.teststrips_expiration).toBe(6);
    expect(result.cgmsupplies_expiration).toBeNull();
    expect(result.payment_methods.traditional).toMatchObject({ paypal: true, check: true, zelle: false });
    expect(result.payment_methods.crypto).toEqual(DEFAULT_PUBLIC_SETTINGS.payment_methods.crypto);
    expect(result.contact.social).toEqual({
      facebook: 'https://facebook.com/x',
      twitter: null,
      instagram: null,
      linkedin: null,
    });
    expect(result.contact.address.country).toBe('USA');
    expect(result.phone_number).toBeNull();
  });
});
