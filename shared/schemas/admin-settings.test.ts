import { adminSettingsMessages as m, textMessages } from '../messages';
import { readPaymentMethods, readSettings } from '../rules/settings';
import { DEFAULT_PUBLIC_SETTINGS, DEFAULT_SETTINGS, publicPart } from '../rules/settings-defaults';
import { ZAdminSettings, ZSettingsValues } from './admin-settings';
import { ZAdminSettingsUpdate } from './admin-settings-update';

const parse = (body: unknown) => ZAdminSettingsUpdate.safeParse(body);
const firstMessage = (body: unknown) => {
  const result = parse(body);
  if (result.success) throw new Error('expected a refusal');
  return { path: result.error.issues[0].path.join('.'), message: result.error.issues[0].message };
};

describe('admin settings defaults and lenient reading', () => {
  it('has a default for every field, the spec’s values', () => {
    expect(ZSettingsValues.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    expect(DEFAULT_SETTINGS.product_settings).toEqual({
      allowBackorders: false,
      showStockLevel: true,
      lowStockThreshold: 5,
      enableReviews: true,
      requireApproval: true,
    });
    expect(DEFAULT_SETTINGS.notifications.email.stockAlerts).toBe(false);
    expect(DEFAULT_SETTINGS.shipping.restrictions.domesticOnly).toBe(true);
    expect(DEFAULT_SETTINGS.shipping.freeShippingThreshold).toBeNull();
    expect(DEFAULT_SETTINGS.contact.address.country).toBe('USA');
    expect(DEFAULT_SETTINGS.easypost_use_production).toBe(false);
    expect(publicPart(DEFAULT_SETTINGS)).toEqual(DEFAULT_PUBLIC_SETTINGS);
  });

  it('reads text booleans and numbers, falls back per field, and never passes credentials on', () => {
    const read = readSettings({
      use_logo: 'true',
      easypost_use_production: 'true',
      easypost_test_api: 'EZTK_secret',
      carrier_id: 'ca_secret',
      product_settings: { lowStockThreshold: '7', allowBackorders: 'yes' },
      notifications: 'broken',
      shipping: { restrictions: { excludedStates: ['AK', 3, 'HI'] }, freeShippingThreshold: '-1' },
    });
    expect(read.use_logo).toBe(true);
    expect(read.easypost_use_production).toBe(true);
    expect(read.product_settings.lowStockThreshold).toBe(7);
    expect(read.product_settings.allowBackorders).toBe(false);
    expect(read.notifications).toEqual(DEFAULT_SETTINGS.notifications);
    expect(read.shipping.restrictions.excludedStates).toEqual(['AK', 'HI']);
    expect(read.shipping.freeShippingThreshold).toBeNull();
    expect(JSON.stringify(read)).not.toMatch(/EZTK|ca_secret/);
  });

  it('checkout reads the payout methods alone exactly as the whole record reads them', () => {
    const records = [
      null,
      {},
      { payment_methods: 'broken' },
      { payment_methods: { traditional: { check: 'false', paypal: true, zelle: 'yes' }, crypto: null } },
      { payment_methods: { traditional: [], crypto: { bitcoin: 'true', solana: false } } },
    ];
    for (const record of records) {
      expect(readPaymentMethods(record)).toEqual(readSettings(record).payment_methods);
    }
    expect(readPaymentMethods(records[3])).toEqual({
      traditional: { check: false, cashapp: false, paypal: true, zelle: false, venmo: false, achWire: false },
      crypto: DEFAULT_SETTINGS.payment_methods.crypto,
    });
  });

  it('the admin view schema requires the masked credentials, not their values', () => {
    const masked = { set: true, last4: '1234' };
    const view = {
      ...DEFAULT_SETTINGS,
      easypost_test_api: masked,
      easypost_prod_api: masked,
      carrier_id: masked,
      created_at: null,
      updated_at: null,
    };
    expect(ZAdminSettings.safeParse(view).success).toBe(true);
    expect(ZAdminSettings.safeParse({ ...view, carrier_id: 'ca_123' }).success).toBe(false);
  });
});

describe('the save body', () => {
  it('accepts one card’s fields, nested groups partial, and normalises them', () => {
    const result = parse({
      site_name: '  Strips  ',
      phone_number: '   ',
      contact_email: 'a@b.co',
      use_logo: 'false',
      payment_methods: { crypto: { bitcoin: true } },
      contact: { social: { facebook: 'https://facebook.com/x' } },
      teststrips_expiration: 6,
      cgmsupplies_expiration: null,
      easypost_test_api: '  EZTK123456  ',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      site_name: 'Strips',
      phone_number: null,
      contact_email: 'a@b.co',
      use_logo: false,
      payment_methods: { crypto: { bitcoin: true } },
      contact: { social: { facebook: 'https://facebook.com/x' } },
      teststrips_expiration: 6,
      cgmsupplies_expiration: null,
      easypost_test_api: 'EZTK123456',
    });
  });

  it('refuses unknown keys at any depth, naming them', () => {
    expect(firstMessage({ site_name: 'x', is_admin: true }).message).toBe(m.unknownSetting('"is_admin"'));
    expect(firstMessage({ payment_methods: { crypto: { dogecoin: true } } })).toEqual({
      path: 'payment_methods.crypto',
      message: m.unknownSetting('"dogecoin"'),
    });
    // Stored-only and server-kept attributes cannot be sent either.
    expect(firstMessage({ updated_at: '2020-01-01' }).message).toBe(m.unknownSetting('"updated_at"'));
    expect(firstMessage({ pk: 'OTHER' }).message).toBe(m.unknownSetting('"pk"'));
  });

  it('refuses bad values with a per-field message', () => {
    expect(firstMessage({ contact_email: 'not-an-email' })).toEqual({
      path: 'contact_email',
      message: m.email('Contact email'),
    });
    expect(firstMessage({ contact: { social: { twitter: 'javascript:alert(1)' } } }).message).toBe(
      m.url('Twitter'),
    );
    expect(firstMessage({ logo: 'data:image/png;base64,AAAA' }).message).toBe(m.url('Logo image URL'));
    expect(firstMessage({ teststrips_expiration: 2 }).message).toBe(
      m.months('Test strips minimum expiration'),
    );
    expect(firstMessage({ cgmsupplies_expiration: '6' }).message).toBe(
      m.months('CGM supplies minimum expiration'),
    );
    expect(firstMessage({ payment_methods: { traditional: { check: 'maybe' } } }).message).toBe(
      m.notFlag('Check'),
    );
    expect(firstMessage({ site_name: '   ' }).message).toBe(m.required('Site name'));
    expect(firstMessage({ analytics: { gaId: '<script>' } }).message).toBe(m.gaId);
    expect(firstMessage({ product_settings: { lowStockThreshold: -1 } }).message).toBe(
      m.wholeNumber('Low stock threshold'),
    );
    expect(firstMessage({ easypost_prod_api: 42 }).message).toBe(m.notText('Production API key'));
    expect(firstMessage({ site_description: 'x'.repeat(1001) }).message).toBe(
      m.tooLong('Site description', 1000),
    );
  });

  it('names every field as people read it, though fields of one kind share one schema', () => {
    // Every setting the save accepts, by its path, from the defaults (plus the credentials, never defaulted).
    const paths: string[][] = [['easypost_test_api'], ['easypost_prod_api'], ['carrier_id']];
    const walk = (value: object, path: string[]) => {
      for (const [key, inner] of Object.entries(value)) {
        if (inner && typeof inner === 'object' && !Array.isArray(inner)) walk(inner, [...path, key]);
        else paths.push([...path, key]);
      }
    };
    walk(DEFAULT_SETTINGS, []);
    expect(paths.length).toBeGreaterThan(60);
    const at = (path: string[], value: unknown): unknown =>
      path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
    for (const path of paths) {
      // An object is the wrong kind of value for every field: the refusal is that field's own, in words.
      const refused = firstMessage(at(path, { wrong: true }));
      expect(refused.path).toBe(path.join('.'));
      expect(refused.message).toMatch(/^[A-Z]/);
      expect(refused.message).not.toContain(path.join('.'));
    }
    expect(firstMessage({ notifications: { sms: { stockAlerts: 1 } } }).message).toBe(
      m.notFlag('SMS stock alerts'),
    );
    expect(firstMessage({ notifications: { email: { newsletter: 1 } } }).message).toBe(
      m.notFlag('Email newsletter'),
    );
    expect(firstMessage({ warehouse_zip: '1'.repeat(21) }).message).toBe(m.tooLong('Warehouse ZIP', 20));
    expect(firstMessage({ contact: { address: { city: 'a\u0007' } } }).message).toBe(
      textMessages.controlCharacters('City'),
    );
  });

  it('refuses an empty save and anything that is not an object', () => {
    expect(firstMessage({}).message).toBe(m.nothingToSave);
    expect(firstMessage([]).message).toBe(m.invalidData);
    expect(firstMessage('site_name').message).toBe(m.invalidData);
    expect(firstMessage({ payment_methods: 'all' }).message).toBe(m.invalidData);
  });
});
