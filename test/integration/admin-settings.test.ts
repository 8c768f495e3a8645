/**
 * @local-stack exclusive: it saves the settings record every file reads.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { settings } from '../../functions/lib/entities';
import { adminSettingsMessages as m } from '../../shared/messages';
import { type AdminSettings, ZAdminSettings } from '../../shared/schemas/admin-settings';
import type { PublicSettings } from '../../shared/schemas/settings';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { createPlainUser, signIn } from '../support/cognito';
import { getItem, putItem, testDb } from '../support/db';
import { api, stack } from '../support/stack';

jest.setTimeout(90_000);

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

let token: string;
let plainToken: string;
let originalRecord: Record<string, unknown>;
let originalSecrets: string;
const secretsFile = () => join(stack().dataDir, 'secrets.json');
const storedSecrets = () => JSON.parse(readFileSync(secretsFile(), 'utf8')) as Record<string, string>;
const storedRecord = async () => (await getItem(settings.key())) ?? null;

/** Every answer of this file, searched at the end for any credential value ever stored. */
const answers: string[] = [];

const call = async <T = AdminSettings>(method: string, body?: unknown, bearer: string | null = token) => {
  const res = await api<T & ErrorBody>('/api/admin/settings', {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  answers.push(JSON.stringify(res.body));
  return res;
};
const save = (body: unknown, bearer?: string | null) => call('PATCH', body, bearer);
const publicSettings = async () => {
  const res = await api<PublicSettings>('/api/settings');
  answers.push(JSON.stringify(res.body));
  return res.body;
};

beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  const email = `settings-staff-${Date.now()}@stripbuyback.test`;
  await createPlainUser(email, 'Str0ng!Passw0rd');
  plainToken = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
  originalRecord = (await storedRecord())!;
  originalSecrets = readFileSync(secretsFile(), 'utf8');
});

afterAll(async () => {
  // Other files share this stack: the seeded record and the local secret go back as they were.
  await putItem(originalRecord);
  writeFileSync(secretsFile(), originalSecrets, { mode: 0o600 });
});

describe('GET /api/admin/settings', () => {
  it('answers the whole record with defaults, credentials masked', async () => {
    const res = await call('GET');
    expect(res.status).toBe(200);
    expect(ZAdminSettings.safeParse(res.body).success).toBe(true);
    // The seeded record's values, and defaults for what it lacks.
    expect(res.body.contact_email).toBe(originalRecord.contact_email);
    expect(res.body.product_settings.lowStockThreshold).toBe(5);
    // The local secret holds the placeholder test key and the carrier account: set, shown by last four only.
    const secrets = storedSecrets();
    expect(res.body.easypost_test_api).toEqual({ set: true, last4: secrets.easypostTestKey.slice(-4) });
    expect(res.body.carrier_id).toEqual({ set: true, last4: secrets.easypostCarrierAccount.slice(-4) });
    expect(res.body.easypost_prod_api).toEqual({ set: false, last4: null });
    expect(JSON.stringify(res.body)).not.toMatch(/"pk"|"sk"|is_primary|shipping_parcel/);
  });
});

describe('who may read and save settings', () => {
  it('refuses an anonymous caller (401) and a signed-in non-admin (403), writing nothing', async () => {
    const before = await storedRecord();
    const secretsBefore = readFileSync(secretsFile(), 'utf8');
    expect((await call('GET', undefined, null)).status).toBe(401);
    expect((await save({ site_name: 'Hijacked' }, null)).status).toBe(401);
    expect((await call('GET', undefined, plainToken)).status).toBe(403);
    const res = await save({ site_name: 'Hijacked', easypost_prod_api: 'EZAK_hijacked_0000' }, plainToken);
    expect(res.status).toBe(403);
    expect(await storedRecord()).toEqual(before);
    expect(readFileSync(secretsFile(), 'utf8')).toBe(secretsBefore);
  });
});

describe('PATCH /api/admin/settings: bad input', () => {
  it.each([
    [{ contact_email: 'not-an-email' }, m.email('Contact email'), 'contact_email'],
    [{ site_name: 'Ok', is_primary: false }, m.unknownSetting('"is_primary"'), '_'],
    [
      { payment_methods: { crypto: { dogecoin: true } } },
      m.unknownSetting('"dogecoin"'),
      'payment_methods.crypto',
    ],
    [{ contact: { social: { twitter: 'javascript:alert(1)' } } }, m.url('Twitter'), 'contact.social.twitter'],
    [{ teststrips_expiration: 13 }, m.months('Test strips minimum expiration'), 'teststrips_expiration'],
    [{ easypost_use_production: 'yes' }, m.notFlag('Shipping mode'), 'easypost_use_production'],
    [{}, m.nothingToSave, '_'],
    [[], m.invalidData, '_'],
    // A good field beside a bad one: the good one is not written either.
    [{ site_name: 'Half saved', analytics: { gaId: 'nope' } }, m.gaId, 'analytics.gaId'],
    [
      { site_name: 'Half saved', easypost_prod_api: 'EZAK_half_saved_9999', contact_email: 'x' },
      m.email('Contact email'),
      'contact_email',
    ],
  ])('%j is refused with its message and nothing is written', async (body, message, field) => {
    const before = await storedRecord();
    const secretsBefore = readFileSync(secretsFile(), 'utf8');
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(message);
    expect(res.body.error?.fields?.[field]).toBe(message);
    expect(await storedRecord()).toEqual(before);
    expect(readFileSync(secretsFile(), 'utf8')).toBe(secretsBefore);
  });

  it('refuses a body that is not JSON', async () => {
    const before = await storedRecord();
    const res = await save('{"site_name":');
    expect(res.status).toBe(400);
    expect(await storedRecord()).toEqual(before);
  });
});

describe('PATCH /api/admin/settings: saving', () => {
  it('writes only the fields sent, stamps updated_at and answers the whole record', async () => {
    const before = (await storedRecord())!;
    const res = await save({ site_description: 'Cash for sealed strips.', support_phone: '(800) 555-0100' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      site_description: 'Cash for sealed strips.',
      support_phone: '(800) 555-0100',
    });
    const after = (await storedRecord())!;
    // Besides the two fields only the stamps change (created_at and is_primary are set once, if missing).
    const others = (record: Record<string, unknown>) => {
      const { site_description, support_phone, updated_at, created_at, is_primary, ...rest } = record;
      return rest;
    };
    expect(others(after)).toEqual(others(before));
    expect(after.updated_at).not.toBe(before.updated_at);
    expect(res.body.updated_at).toBe(after.updated_at);
  });

  it('keeps credentials in the secret, never in the table or an answer; empty keeps the stored one', async () => {
    const tag = randomBytes(6).toString('hex');
    const prodKey = `EZAK_integration_${tag}_A1b2`;
    const carrier = `ca_integration_${tag}_C3d4`;
    const res = await save({ easypost_prod_api: prodKey, carrier_id: ` ${carrier} ` });
    expect(res.status).toBe(200);
    expect(res.body.easypost_prod_api).toEqual({ set: true, last4: 'A1b2' });
    expect(res.body.carrier_id).toEqual({ set: true, last4: 'C3d4' });
    expect(storedSecrets()).toMatchObject({ easypostProdKey: prodKey, easypostCarrierAccount: carrier });
    // Other keys of the secret are untouched.
    expect(storedSecrets().easypostWebhookSecret).toBe(JSON.parse(originalSecrets).easypostWebhookSecret);
    const record = JSON.stringify(await storedRecord());
    expect(record).not.toContain(prodKey);
    expect(record).not.toContain(carrier);
    expect(record).not.toContain('carrier_id');

    const kept = await save({
      easypost_prod_api: '',
      carrier_id: '   ',
      easypost_test_api: '',
      warehouse_city: 'Dayton',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.warehouse_city).toBe('Dayton');
    expect(kept.body.easypost_prod_api).toEqual({ set: true, last4: 'A1b2' });
    expect(storedSecrets()).toMatchObject({ easypostProdKey: prodKey, easypostCarrierAccount: carrier });
    expect((await call('GET')).body.carrier_id).toEqual({ set: true, last4: 'C3d4' });
  });

  it('moves a legacy carrier account out of the table when a new one is saved', async () => {
    await putItem({ ...(await storedRecord()), carrier_id: 'ca_legacy_table_value' });
    const secrets = storedSecrets();
    delete secrets.easypostCarrierAccount;
    writeFileSync(secretsFile(), JSON.stringify(secrets));
    // Read from the table as a fallback, still masked.
    expect((await call('GET')).body.carrier_id).toEqual({ set: true, last4: 'alue' });
    const res = await save({ carrier_id: 'ca_moved_to_secret_E5f6' });
    expect(res.body.carrier_id).toEqual({ set: true, last4: 'E5f6' });
    expect((await storedRecord())?.carrier_id).toBeUndefined();
    expect(storedSecrets().easypostCarrierAccount).toBe('ca_moved_to_secret_E5f6');
  });

  it('two admins saving different cards at once both keep their changes', async () => {
    await save({ payment_methods: { traditional: { zelle: true, venmo: true } } });
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        save({ payment_methods: { traditional: { zelle: false } } }),
        save({ payment_methods: { traditional: { venmo: false } } }),
        save({ contact: { social: { facebook: `https://facebook.com/round${round}` } } }),
        save({ notifications: { email: { newsletter: round % 2 === 0 } } }),
        save({ site_name: `StripBuyback ${round}` }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const now = (await call('GET')).body;
      expect(now.payment_methods.traditional).toMatchObject({ zelle: false, venmo: false });
      expect(now.contact.social.facebook).toBe(`https://facebook.com/round${round}`);
      expect(now.notifications.email.newsletter).toBe(round % 2 === 0);
      expect(now.site_name).toBe(`StripBuyback ${round}`);
      await save({ payment_methods: { traditional: { zelle: true, venmo: true } } });
    }
  });

  it('a payout method switched off disappears from GET /api/settings and checkout refuses it', async () => {
    expect((await save({ payment_methods: { traditional: { check: true } } })).status).toBe(200);
    expect((await publicSettings()).payment_methods.traditional.check).toBe(true);
    expect((await save({ payment_methods: { traditional: { check: false } } })).status).toBe(200);
    expect((await publicSettings()).payment_methods.traditional.check).toBe(false);
    const product = (await catalogue()).find((p) => p.inStock)!;
    const order = await postOrder(
      checkoutBody(uniqueEmail('settings'), [{ productId: product.id, quantity: 1 }]),
    );
    expect(order.status).toBe(400);
    expect(JSON.stringify(order.body)).toContain('payout.method');
    await save({ payment_methods: { traditional: { check: true } } });
    expect((await publicSettings()).payment_methods.traditional.check).toBe(true);
  });

  it('public fields follow a save at once: contact, analytics id and expiration rules', async () => {
    const res = await save({
      contact_email: 'hello@stripbuyback.test',
      analytics: { gaId: 'G-TEST12345' },
      teststrips_expiration: 9,
      cgmsupplies_expiration: null,
    });
    expect(res.status).toBe(200);
    expect(await publicSettings()).toMatchObject({
      contact_email: 'hello@stripbuyback.test',
      analytics: { gaId: 'G-TEST12345' },
      teststrips_expiration: 9,
      cgmsupplies_expiration: null,
    });
  });

  it('creates the record with the defaults on the first save', async () => {
    await testDb().send(new DeleteCommand({ TableName: stack().tableName, Key: settings.key() }));
    expect((await call('GET')).body.site_name).toBe('StripBuyback');
    const res = await save({ payment_methods: { crypto: { solana: true } } });
    expect(res.status).toBe(200);
    const created = (await storedRecord())!;
    expect(created).toMatchObject({
      is_primary: true,
      payment_methods: { traditional: { check: true }, crypto: { solana: true, bitcoin: false } },
      product_settings: { lowStockThreshold: 5 },
    });
    expect(created.created_at).toEqual(expect.any(String));
    await putItem(originalRecord);
  });

  it('repairs a legacy record whose groups are text, then writes the one field', async () => {
    await putItem({ ...originalRecord, notifications: '{"email":{}}', use_logo: 'true' });
    const res = await save({ notifications: { email: { newsletter: true } } });
    expect(res.status).toBe(200);
    expect(res.body.use_logo).toBe(true);
    expect((await storedRecord())?.notifications).toEqual({
      email: { orderConfirmation: true, shipmentUpdates: true, stockAlerts: false, newsletter: true },
      sms: { orderConfirmation: false, shipmentUpdates: false, stockAlerts: false },
    });
    await putItem(originalRecord);
  });
});

describe('credentials never leave the server', () => {
  it('no answer of this file contains any credential value the secret or the table ever held', async () => {
    await publicSettings();
    await call('GET');
    const values = [
      ...Object.values(storedSecrets()),
      ...Object.values(JSON.parse(originalSecrets) as Record<string, string>),
      'ca_legacy_table_value',
    ].filter((v) => typeof v === 'string' && v.length >= 8);
    expect(values.length).toBeGreaterThan(3);
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) for (const value of values) expect(answer).not.toContain(value);
  });
});
