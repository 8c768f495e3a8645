/**
 * @local-stack exclusive: it turns SMS off and on and saves the Twilio secret.
 */
/// <reference lib="dom" />
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Locator, Page } from 'playwright-core';
import { counters, dayOf, emailTemplate, settings as settingsEntity } from '../../functions/lib/entities';
import {
  adminEmailMessages as em,
  marketingMessages as mk,
  adminSmsMessages as sms,
} from '../../shared/messages';
import type { EmailSettings } from '../../shared/schemas/admin-email';
import type { MarketingStats } from '../../shared/schemas/admin-marketing';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { signIn } from '../support/cognito';
import { getItem, putItem, testDb } from '../support/db';
import { waitForMail } from '../support/mail';
import { api, stack } from '../support/stack';

jest.setTimeout(300_000);

let browser: Browser;
let token: string;
let originalRecord: Record<string, unknown>;
let originalSecrets: string;
// The Twilio auth token lives in the signing secret (a file of its own locally).
const secretsFile = () => join(stack().dataDir, 'signing-secrets.json');

const site = (path = '/') => `${stack().urls.site}${path}`;
const adminApi = <T>(path: string, init: RequestInit = {}) =>
  api<T>(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
const stats = async () => (await adminApi<MarketingStats>('/api/admin/marketing/stats')).body;

/** A number the Twilio test server delivers to, unique to this run. */
const freshNumber = () => `+1415${randomInt(1_000_000, 9_999_999)}`;
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  originalRecord = (await getItem(settingsEntity.key()))!;
  originalSecrets = readFileSync(secretsFile(), 'utf8');
});
/** Back to the built-in order confirmation (a stored template overrides it). */
const dropStoredTemplate = () =>
  testDb().send(
    new DeleteCommand({ TableName: stack().tableName, Key: emailTemplate.key('order_confirmation') }),
  );

afterAll(async () => {
  await browser?.close();
  await dropStoredTemplate();
  // Other files share this stack: the settings record (SMS configuration included) and the secret go back.
  if (originalRecord) await putItem(originalRecord);
  if (originalSecrets) writeFileSync(secretsFile(), originalSecrets, { mode: 0o600 });
});

const twilioOrigin = () => (stack().urls as Record<string, string>).twilio;
type TwilioMessage = { to: string; body: string };

const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title });

/** Types into a setting and leaves it (each Twilio setting saves on its own), then waits for 'Saved'. */
async function saveSetting(section: Locator, label: string, field: string, value: string) {
  const input = section.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Tab');
  await section.getByTestId(`sms-${field}-status`).filter({ hasText: sms.settingSaved }).waitFor();
}

/** The history row (a table row, or a card on a phone) of one number and message. */
const historyRow = (page: Page, to: string, text: string) =>
  page.getByTestId('sms-history').locator('tr').filter({ hasText: to }).filter({ hasText: text });

const figure = async (page: Page, testId: string) =>
  Number(
    (await page.getByTestId(testId).locator('.admin-stat__value').textContent())?.replace(/[^0-9.]/g, ''),
  );

// The marketing pages do not branch on the viewport (the SMS history's rows are found alike as a table or as
// cards): desktop only. test/e2e/mobile-accessibility.test.ts runs axe on each of them on a phone.
describe('the back office marketing pages on desktop', () => {
  const viewport: ViewportName = 'desktop';
  let page: Page;

  beforeAll(async () => {
    // Settings are global and other files change them: start from SMS switched off, under the daily limit.
    const off = await adminApi('/api/admin/sms/settings', {
      method: 'PATCH',
      body: JSON.stringify({ isEnabled: false }),
    });
    expect(off.status).toBe(200);
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: counters.messagingDay(dayOf(new Date())),
        UpdateExpression: 'SET sms_daily = :n',
        ExpressionAttributeValues: { ':n': 0 },
      }),
    );
    page = await newPage(browser, viewport);
    await signInAsStaff(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('configures Twilio, sends a test and a bulk SMS, sees them delivered and the figures move', async () => {
    const before = await stats();
    const marker = `Zq${letters(8)}`;

    await page.goto(site('/admin/marketing'));
    await page.getByRole('heading', { level: 1, name: mk.title }).waitFor();
    await page.getByTestId('stat-sms-sent').waitFor();
    for (const label of [mk.smsSent, mk.emailsSent, mk.smsSuccessRate, mk.emailSuccessRate])
      await page.getByText(label, { exact: true }).waitFor();
    expect(await figure(page, 'stat-sms-sent')).toBe(before.smsSent);
    await expectAccessible(page, `marketing (${viewport})`);

    await page.getByRole('link', { name: new RegExp(sms.title) }).click();
    await page.waitForURL((url) => url.pathname === '/admin/marketing/sms');
    await page.getByRole('heading', { level: 1, name: sms.title }).waitFor();
    const settings = card(page, sms.settingsTitle);
    const test = card(page, sms.testTitle);
    const bulk = card(page, sms.bulkTitle);

    // Switched off: both send buttons are disabled and say why.
    expect(await test.getByRole('button', { name: sms.testSend }).isDisabled()).toBe(true);
    expect(await bulk.getByRole('button', { name: sms.send }).isDisabled()).toBe(true);
    await test.getByText(sms.settingsDisabled).waitFor();

    const enable = settings.getByLabel(sms.enabled);
    expect(await enable.isChecked()).toBe(false);
    await enable.check();
    await settings.getByTestId('sms-isEnabled-status').filter({ hasText: sms.settingSaved }).waitFor();
    expect(await test.getByRole('button', { name: sms.testSend }).isEnabled()).toBe(true);

    // A malformed SID is refused with the spec's message before anything is sent.
    const sid = settings.getByLabel(sms.accountSid, { exact: true });
    await sid.fill('AC123');
    await sid.press('Tab');
    await settings.getByText(sms.invalidAccountSid).waitFor();
    await saveSetting(settings, sms.accountSid, 'accountSid', `AC${randomBytes(16).toString('hex')}`);

    // The token is write-only: never shown, only whether it is set; the field empties once saved.
    const tokenField = settings.getByLabel(sms.authToken, { exact: true });
    expect(await tokenField.inputValue()).toBe('');
    await saveSetting(settings, sms.authToken, 'authToken', randomBytes(16).toString('hex'));
    expect(await tokenField.inputValue()).toBe('');
    await page.reload();
    await settings.getByText(`Currently: ${sms.tokenSet}`, { exact: false }).waitFor();
    expect(await settings.getByLabel(sms.authToken, { exact: true }).inputValue()).toBe('');

    await saveSetting(settings, sms.phoneNumber, 'phoneNumber', `+1555${randomInt(1_000_000, 9_999_999)}`);
    await saveSetting(settings, sms.messageFooter, 'messageFooter', `Reply STOP to opt out ${marker}`);
    await expectAccessible(page, `SMS settings (${viewport})`);

    // Test SMS: the spec's checks, then one number.
    await test.getByRole('button', { name: sms.testSend }).click();
    await test.getByText(sms.testRequired).waitFor();
    const testNumber = freshNumber();
    await test.getByLabel(sms.testNumber).fill(testNumber);
    await test.getByRole('button', { name: sms.testSend }).click();
    await test.getByRole('status').filter({ hasText: sms.testSent }).waitFor();

    // Bulk: one good number, one that is not E.164, Twilio's invalid and undeliverable test numbers.
    await bulk.getByRole('button', { name: sms.send }).click();
    await bulk.getByText(sms.recipientsRequired).waitFor();
    await bulk.getByText(sms.messageRequired).waitFor();
    const good = freshNumber();
    await bulk.getByLabel(sms.recipients).fill(`${good}, 12345 ,, +15005550001, +15005550010`);
    await bulk.getByText('not E.164, will be refused: 12345').waitFor();
    await bulk.getByLabel(sms.message, { exact: true }).fill(`Spring prices are up ${marker}`);
    await bulk.getByRole('button', { name: sms.send }).click();
    await bulk.getByRole('alert').filter({ hasText: sms.someFailed }).waitFor();
    const report = bulk.getByRole('list', { name: 'Recipients' });
    await report
      .getByRole('listitem')
      .filter({ hasText: '12345' })
      .filter({ hasText: sms.invalidPhone })
      .waitFor();
    for (const queued of [good, '+15005550001', '+15005550010'])
      await report.getByRole('listitem').filter({ hasText: queued }).filter({ hasText: 'Queued' }).waitFor();
    await expectAccessible(page, `SMS sent (${viewport})`);

    // The history follows Twilio's callbacks without a reload.
    const slow = { timeout: 45_000 };
    await historyRow(page, testNumber, sms.testText).getByText('Delivered', { exact: true }).waitFor(slow);
    await historyRow(page, good, marker).getByText('Delivered', { exact: true }).waitFor(slow);
    await historyRow(page, '+15005550010', marker).getByText('Undelivered', { exact: true }).waitFor(slow);
    await historyRow(page, '+15005550001', marker).getByText('Failed', { exact: true }).waitFor(slow);
    // The footer went out under the message.
    const sent = (await (await fetch(`${twilioOrigin()}/__control/messages`)).json()) as TwilioMessage[];
    expect(sent.find((message) => message.to === good)?.body).toBe(
      `Spring prices are up ${marker}\n\nReply STOP to opt out ${marker}`,
    );

    // The marketing page's figures: at least the test, the good and the undeliverable SMS were sent.
    await page.getByRole('main').getByRole('link', { name: mk.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/marketing');
    await page.getByTestId('stat-sms-sent').waitFor();
    expect(await figure(page, 'stat-sms-sent')).toBeGreaterThanOrEqual(before.smsSent + 3);
    expect(pageErrors(page)).toEqual([]);
  });

  it('sends a test e-mail, edits a template and the next order e-mail follows it', async () => {
    const before = await stats();
    const marker = `Zq${letters(8)}`;
    // Start from e-mail switched off and the built-in template, whatever ran before.
    const current = (await adminApi<EmailSettings>('/api/admin/email/settings')).body;
    const off = await adminApi('/api/admin/email/settings', {
      method: 'PUT',
      body: JSON.stringify({ isEnabled: false, fromEmail: current.fromEmail, replyTo: null }),
    });
    expect(off.status).toBe(200);
    await dropStoredTemplate();

    await page.goto(site('/admin/marketing'));
    await page.getByRole('link', { name: new RegExp(em.title) }).click();
    await page.waitForURL((url) => url.pathname === '/admin/marketing/email');
    await page.getByRole('heading', { level: 1, name: em.title }).waitFor();
    const settings = card(page, em.settingsTitle);
    const test = card(page, em.testTitle);
    const templates = card(page, em.templatesTitle);
    await settings.getByLabel(em.fromEmail).waitFor();
    expect(await settings.getByLabel(em.fromEmail).inputValue()).toBe(current.fromEmail);

    // The test e-mail: the spec's check, then the server's precondition while e-mail is off.
    await test.getByRole('button', { name: em.testSend }).click();
    await test.getByText(em.testRequired).waitFor();
    const to = uniqueEmail(`test-${viewport}`);
    await test.getByLabel(em.testAddress).fill(to);
    await test.getByRole('button', { name: em.testSend }).click();
    await test.getByRole('alert').filter({ hasText: em.disabled }).waitFor();

    await settings.getByLabel(em.enabled).check();
    await settings.getByLabel(em.replyTo).fill('not-an-address');
    await settings.getByRole('button', { name: em.save, exact: true }).click();
    await settings.getByText(em.invalidReplyTo).waitFor();
    await settings.getByLabel(em.replyTo).fill(`help-${marker.toLowerCase()}@example.com`);
    await settings.getByRole('button', { name: em.save, exact: true }).click();
    await settings.getByRole('status').filter({ hasText: em.saved }).waitFor();
    await settings.getByText(em.senderVerified).waitFor();

    await test.getByRole('button', { name: em.testSend }).click();
    await test.getByRole('status').filter({ hasText: em.testSent }).waitFor();
    expect(await waitForMail(to)).toHaveLength(1);
    const logs = page.getByTestId('email-logs');
    await logs.locator('tr').filter({ hasText: to }).getByText('Sent', { exact: true }).waitFor();
    await expectAccessible(page, `email marketing (${viewport})`);

    // Edit the order confirmation: an unknown variable is refused with the reason, a good one is previewed.
    await templates.getByRole('button', { name: `${em.editTemplate}: Order confirmation` }).click();
    const dialog = page.getByRole('dialog', { name: `${em.editTemplate}: Order confirmation` });
    const subject = dialog.getByLabel(em.templateSubject, { exact: true });
    await subject.waitFor();
    await dialog.getByText('{{order_id}}', { exact: true }).waitFor();
    await subject.fill(`Thanks ${marker} {{no_such_thing}}`);
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: em.templateUnknownVariable('no_such_thing') })
      .waitFor();

    await subject.fill(`Thanks ${marker}, order {{order_id}}`);
    const text = dialog.getByLabel(em.templateText, { exact: true });
    await text.fill(`${marker} says hello {{first_name}}\n\n${await text.inputValue()}`);
    // Before the preview: axe cannot run inside a frame whose sandbox forbids scripts (it waits forever).
    await expectAccessible(page, `template editor (${viewport})`);
    await dialog.getByRole('button', { name: em.templatePreview }).click();
    const preview = dialog.getByTestId('template-preview');
    await preview.getByText(`Thanks ${marker}, order C1A2B3C`).waitFor();
    const frame = preview.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('<');
    // Sample values are escaped in the HTML, shown as they are in the text version.
    await preview.getByText(`${marker} says hello Jamie <Sample>`).waitFor();

    await dialog.getByRole('button', { name: 'Save Template' }).click();
    await dialog.waitFor({ state: 'detached' });
    await templates.getByRole('status').filter({ hasText: em.templateSaved }).waitFor();
    await templates.getByText(`Thanks ${marker}, order {{order_id}}`).waitFor();

    // The next order's confirmation e-mail uses the edited template.
    const product = (await catalogue()).find((p) => p.inStock)!;
    const seller = uniqueEmail(`tpl-${viewport}`);
    const placed = await postOrder(checkoutBody(seller, [{ productId: product.id, quantity: 1 }]));
    expect(placed.status).toBe(201);
    const { orderId } = placed.body as { orderId: string };
    const [mail] = await waitForMail(seller);
    expect(mail.subject).toBe(`Thanks ${marker}, order ${orderId}`);
    expect(mail.text).toContain(`${marker} says hello Ann`);

    // The figures count both e-mails (the order's is sent by the worker a moment later).
    await page.getByRole('main').getByRole('link', { name: mk.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/marketing');
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.getByTestId('stat-emails-sent').waitFor();
      const sent = await figure(page, 'stat-emails-sent');
      if (sent >= before.emailsSent + 2) break;
      if (Date.now() > deadline)
        throw new Error(`Emails sent still ${sent}, expected ${before.emailsSent + 2}`);
      await page.waitForTimeout(1000);
      await page.reload();
    }
    expect(pageErrors(page)).toEqual([]);
  });
});
