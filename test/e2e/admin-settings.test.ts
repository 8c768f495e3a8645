/**
 * @local-stack exclusive: it saves the settings record every file reads.
 */
/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { settings as settingsEntity } from '../../functions/lib/entities';
import { adminSettingsMessages as m } from '../../shared/messages';
import { payoutMethodDisplay } from '../../shared/rules/payout';
import { productPath } from '../../shared/rules/slug';
import type { AdminSettings } from '../../shared/schemas/admin-settings';
import type { PublicSettings } from '../../shared/schemas/settings';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue } from '../support/checkout';
import { signIn } from '../support/cognito';
import { getItem, putItem } from '../support/db';
import { api, stack } from '../support/stack';

jest.setTimeout(300_000);

let browser: Browser;
let token: string;
let originalRecord: Record<string, unknown>;
let originalSecrets: string;
const secretsFile = () => join(stack().dataDir, 'secrets.json');

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  originalRecord = (await getItem(settingsEntity.key()))!;
  originalSecrets = readFileSync(secretsFile(), 'utf8');
});
afterAll(async () => {
  await browser?.close();
  // Other files share this stack: the seeded record and the local secret go back as they were.
  await putItem(originalRecord);
  writeFileSync(secretsFile(), originalSecrets, { mode: 0o600 });
});

const site = (path = '/') => `${stack().urls.site}${path}`;
const adminSettings = async () =>
  (await api<AdminSettings>('/api/admin/settings', { headers: { authorization: `Bearer ${token}` } })).body;
const publicSettings = async () => (await api<PublicSettings>('/api/settings')).body;

const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title });

/** Saves one card with its own button and waits for the spec's message, which goes after 3 seconds. */
async function saveCard(section: Locator, expectFade = false) {
  await section.getByRole('button', { name: m.saveChanges }).click();
  const saved = section.getByRole('status').filter({ hasText: m.saved });
  await saved.waitFor();
  if (expectFade) await saved.waitFor({ state: 'detached', timeout: 6_000 });
}

async function openSettings(page: Page) {
  await page.goto(site('/admin/settings'));
  await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
  await card(page, 'Basic Settings').getByLabel('Site name', { exact: true }).waitFor();
}

// The settings page does not branch on the viewport: desktop only. test/e2e/mobile-accessibility.test.ts runs
// axe on it on a phone.
describe('the settings page on desktop', () => {
  const viewport: ViewportName = 'desktop';
  let page: Page;
  const tag = `${viewport}-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    page = await newPage(browser, viewport);
    await signInAsStaff(page);
  });
  afterAll(async () => {
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('loads every card with the stored values, accessibly', async () => {
    await openSettings(page);
    for (const title of [
      'Basic Settings',
      'Product Settings',
      'Payment Methods',
      'Notification Settings',
      'Shipping Settings',
      'Contact Information',
      'Analytics',
    ]) {
      await card(page, title).waitFor();
    }
    const stored = await adminSettings();
    expect(await card(page, 'Basic Settings').getByLabel('Site name', { exact: true }).inputValue()).toBe(
      stored.site_name,
    );
    // Save Changes at the top and at the bottom of the page.
    expect(
      await page
        .locator('.settings-form > .admin-page__header, .settings-form__bottom')
        .getByRole('button', { name: m.saveChanges })
        .count(),
    ).toBe(2);
    // Credentials are never in the page: only whether each is set and its last four characters.
    const shipping = card(page, 'Shipping Settings');
    expect(await shipping.getByLabel('Test API key').inputValue()).toBe('');
    await shipping.getByText(`Currently: •••• ${stored.easypost_test_api.last4}`).waitFor();
    const secrets = JSON.parse(readFileSync(secretsFile(), 'utf8')) as Record<string, string>;
    const html = await page.content();
    for (const value of Object.values(secrets)) if (value.length >= 8) expect(html).not.toContain(value);
    await expectAccessible(page, `settings (${viewport})`);
  });

  it('saves each card', async () => {
    const basic = card(page, 'Basic Settings');
    await basic.getByLabel('Site description').fill(`Sealed strips bought fast (${tag}).`);
    // An unsaved change brings the fixed Save All Changes bar.
    await page
      .getByRole('region', { name: 'Unsaved changes' })
      .getByRole('button', { name: m.saveAll })
      .waitFor();
    await saveCard(basic, true);

    const product = card(page, 'Product Settings');
    await product.getByLabel('Minimum expiration for test strips').selectOption({ label: '9 Months' });
    await product.getByLabel('Minimum expiration for CGM supplies').selectOption({ label: 'Not set' });
    await saveCard(product);

    const notification = card(page, 'Notification Settings');
    const newsletter = notification.getByLabel('Newsletter');
    const newsletterWas = await newsletter.isChecked();
    await newsletter.setChecked(!newsletterWas);
    await saveCard(notification);

    const shipping = card(page, 'Shipping Settings');
    await shipping.getByLabel('City').fill(`Dayton ${tag}`);
    await shipping.getByLabel('Production API key').fill(`EZAK_e2e_${tag}_Zz99`);
    await saveCard(shipping);
    expect(await shipping.getByLabel('Production API key').inputValue()).toBe('');
    await shipping.getByText('Currently: •••• Zz99').waitFor();

    const contact = card(page, 'Contact Information');
    await contact.getByLabel('Facebook').fill(`https://www.facebook.com/${tag}`);
    await saveCard(contact);

    const analytics = card(page, 'Analytics');
    await analytics.getByLabel('Measurement ID').fill('G-E2ETEST123');
    await analytics.getByText(m.analyticsReminder).waitFor();
    await analytics.getByLabel('Enable ecommerce tracking').check();
    await saveCard(analytics);
    await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });

    const stored = await adminSettings();
    expect(stored).toMatchObject({
      site_description: `Sealed strips bought fast (${tag}).`,
      teststrips_expiration: 9,
      cgmsupplies_expiration: null,
      warehouse_city: `Dayton ${tag}`,
      easypost_prod_api: { set: true, last4: 'Zz99' },
      contact: { social: { facebook: `https://www.facebook.com/${tag}` } },
      analytics: { gaId: 'G-E2ETEST123', features: { ecommerce: true } },
    });
    expect(stored.notifications.email.newsletter).toBe(!newsletterWas);
    expect(JSON.stringify(await getItem(settingsEntity.key()))).not.toContain(`EZAK_e2e_${tag}`);
    await expectAccessible(page, `settings after saving (${viewport})`);
  });

  it('refuses a bad field with its message and saves nothing', async () => {
    const before = await adminSettings();
    const contact = card(page, 'Contact Information');
    await contact.getByLabel('Twitter').fill('javascript:alert(1)');
    await contact.getByRole('button', { name: m.saveChanges }).click();
    await contact
      .getByRole('alert')
      .filter({ hasText: m.saveError(m.invalidData) })
      .waitFor();
    await contact.getByText(m.url('Twitter')).waitFor();
    await expectAccessible(page, `settings with an error (${viewport})`);
    expect((await adminSettings()).contact.social.twitter).toBe(before.contact.social.twitter);
    await contact.getByLabel('Twitter').fill('https://x.com/stripbuyback');
    await saveCard(contact);
  });

  it('switches a payout method off, and checkout stops offering it', async () => {
    const method = 'venmo';
    const label = payoutMethodDisplay(method);
    const payments = card(page, 'Payment Methods');
    const box = payments.getByLabel(label, { exact: true });
    if (!(await box.isChecked())) {
      await box.check();
      await payments.getByRole('status').filter({ hasText: m.saved }).waitFor();
    }
    await box.uncheck();
    await payments.getByRole('status').filter({ hasText: m.saved }).waitFor();
    expect((await publicSettings()).payment_methods.traditional[method]).toBe(false);

    const product = (await catalogue()).find((p) => p.inStock)!;
    await page.goto(site(productPath(product)));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'Go to Cart' }).waitFor();
    await page.goto(site('/checkout'));
    const payout = page.getByTestId('payout-section');
    await payout.getByRole('radio', { name: payoutMethodDisplay('check') }).waitFor();
    expect(await payout.getByRole('radio', { name: label, exact: true }).count()).toBe(0);

    await openSettings(page);
    await card(page, 'Payment Methods').getByLabel(label, { exact: true }).check();
    await card(page, 'Payment Methods').getByRole('status').filter({ hasText: m.saved }).waitFor();
    await page.goto(site('/checkout'));
    await page.getByTestId('payout-section').getByRole('radio', { name: label, exact: true }).waitFor();
  });

  it('switches the shipping mode at once, with the yellow and green messages', async () => {
    await openSettings(page);
    const shipping = card(page, 'Shipping Settings');
    await shipping.getByRole('radio', { name: 'Test Mode' }).waitFor();
    if (await shipping.getByRole('radio', { name: 'Production Mode' }).isChecked()) {
      await shipping.getByRole('radio', { name: 'Test Mode' }).check();
      await shipping.getByTestId('shipping-mode-status').getByText(m.saved).waitFor();
    }
    await shipping.getByText(m.testModeWarning).waitFor();
    await shipping.getByRole('radio', { name: 'Production Mode' }).check();
    await shipping.getByText(m.productionMessage).waitFor();
    await shipping.getByTestId('shipping-mode-status').getByText(m.saved).waitFor();
    expect((await adminSettings()).easypost_use_production).toBe(true);
    await expectAccessible(page, `settings in production mode (${viewport})`);

    await openSettings(page);
    const reloaded = card(page, 'Shipping Settings');
    expect(await reloaded.getByRole('radio', { name: 'Production Mode' }).isChecked()).toBe(true);
    await reloaded.getByRole('radio', { name: 'Test Mode' }).check();
    await reloaded.getByText(m.testModeWarning).waitFor();
    await reloaded.getByTestId('shipping-mode-status').getByText(m.saved).waitFor();
    expect((await adminSettings()).easypost_use_production).toBe(false);
  });
});
