/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { LABEL_POLL_TIMEOUT_MS } from '../../shared/constants';
import { adminOrderMessages as m, messages } from '../../shared/messages';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { solidPng, tinyGif } from '../support/image-fixtures';
import { waitForMail } from '../support/mail';
import { stack } from '../support/stack';

jest.setTimeout(300_000);

const { label } = messages;
const site = (path = '/') => `${stack().urls.site}${path}`;

let browser: Browser;
let products: Product[];
beforeAll(async () => {
  browser = await launchBrowser();
  products = (await catalogue()).filter((p) => p.inStock);
});
afterAll(async () => {
  await browser?.close();
});

const statusSelect = (page: Page) => page.getByLabel('Order status', { exact: true });

// The order page does not branch on the viewport: desktop only. test/e2e/mobile-accessibility.test.ts runs axe
// on it on a phone.
describe('staff working one order on desktop', () => {
  const viewport: ViewportName = 'desktop';
  let page: Page;
  let order: OrderConfirmation;
  let email: string;
  let mailsBefore = 0;

  beforeAll(async () => {
    email = uniqueEmail(`detail-${viewport}`);
    const [first, second] = products;
    const created = await postOrder(
      checkoutBody(
        email,
        [
          { productId: first.id, quantity: 2 },
          { productId: second.id, quantity: 1 },
        ],
        { payout: { method: 'paypal', paypalEmail: 'seller@example.com' } },
      ),
    );
    expect(created.status).toBe(201);
    order = created.body as unknown as OrderConfirmation;
    // The order's own confirmation e-mail arrives first; later ones are counted from here.
    mailsBefore = (await waitForMail(email, 1)).length;
    page = await newPage(browser, viewport);
    await signInAsStaff(page);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('opens the order with its customer, items, total and payout details', async () => {
    await page.goto(site(`/admin/orders/${order.orderId}`));
    await page.getByRole('heading', { level: 1, name: `Order #${order.orderId}` }).waitFor();
    expect((await page.getByTestId('order-status-badge').textContent())?.trim()).toBe('Pending');
    expect(await statusSelect(page).inputValue()).toBe('pending');
    await page.getByRole('link', { name: email }).waitFor();
    expect(await page.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
    expect(await page.getByRole('link', { name: '(555) 123-4567' }).getAttribute('href')).toBe(
      'tel:5551234567',
    );
    expect((await page.getByTestId('shipment-status').textContent())?.trim()).toBe('Pending');

    const rows = page.getByTestId('order-items').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain(products[0].name);
    const total = products[0].buybackPrice * 2 + products[1].buybackPrice;
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect((await page.getByTestId('order-total').textContent())?.trim()).toBe(usd.format(total));

    // Payout details arrive masked (issue 14); the full value is nowhere on the page until revealed.
    const details = page.getByTestId('payment-details');
    await details.getByText('PayPal Email').waitFor();
    await details.getByText('s•••@example.com', { exact: true }).waitFor();
    expect(await page.getByText('seller@example.com', { exact: true }).count()).toBe(0);
    await expectAccessible(page, `order detail (${viewport})`);
  });

  it('reveals the payout details on request, announces them and logs the reveal', async () => {
    const reveal = page.getByRole('button', { name: 'Reveal payout details' });
    await reveal.click();
    const region = page.getByRole('region', { name: 'Payment details', exact: true });
    await region.getByText('seller@example.com', { exact: true }).waitFor();
    expect(await region.getAttribute('aria-live')).toBe('polite');
    await region.getByText(m.payoutRevealed).waitFor();
    expect(await reveal.count()).toBe(0);
    // Focus moves to the revealed values rather than being lost with the button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'payment-details-region',
    );
    const log = page.getByTestId('activity-log');
    await log.getByText(m.payoutReveal, { exact: true }).waitFor();
    await log.getByText(`By ${stack().admin.email}`).first().waitFor();
    await expectAccessible(page, `payout details revealed (${viewport})`);
  });

  it('jumps to a section and moves focus to its heading', async () => {
    await page
      .getByRole('navigation', { name: 'Jump to section' })
      .getByRole('link', { name: 'Notes' })
      .click();
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(focused).toBe('Order Notes');
    await page
      .getByRole('navigation', { name: 'Jump to section' })
      .getByRole('link', { name: 'Payment' })
      .click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('order-payment-title');
  });

  it('asks before completing, puts the dropdown back when declined, and e-mails the seller when confirmed', async () => {
    await statusSelect(page).selectOption('completed');
    const dialog = page.getByRole('dialog', { name: m.confirmCompleteTitle(order.orderId) });
    await dialog.getByText(m.confirmComplete).waitFor();
    await expectAccessible(page, `complete confirmation (${viewport})`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await statusSelect(page).inputValue()).toBe('pending');
    expect((await page.getByTestId('order-status-badge').textContent())?.trim()).toBe('Pending');

    await statusSelect(page).selectOption('completed');
    await dialog.getByRole('button', { name: m.confirmCompleteAction }).click();
    await page.getByTestId('order-status-badge').getByText('Completed').waitFor();
    expect(await statusSelect(page).inputValue()).toBe('completed');
    const feedback = page.getByTestId('status-feedback');
    await feedback.waitFor();
    expect((await feedback.textContent())?.trim()).not.toBe('');
    expect(await feedback.getAttribute('role')).toBe('status');

    // Nothing was logged: completion marks the order paid in full (spec 001 §4).
    await page.getByTestId('balance-due').getByText('(Paid)').waitFor();
    const mails = await waitForMail(email, mailsBefore + 1);
    expect(
      mails.slice(mailsBefore).some((mail) => `${mail.subject}${mail.text}`.includes(order.orderId)),
    ).toBe(true);
    await page.getByTestId('activity-log').getByText('Status change').first().waitFor();
    // The page reads the order again while its e-mail is queued: the worker's 'sent' shows without a reload.
    await page.getByText(/Email status:\s*Sent/).waitFor({ timeout: 20_000 });
  });

  it('refuses a payment that is not valid, then logs one', async () => {
    const button = page.getByTestId('log-payment');
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Amount (USD)', { exact: true }).fill('0');
    await page.getByRole('radio', { name: 'Zelle', exact: true }).check();
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    const feedback = page.getByTestId('payment-feedback');
    await feedback.getByText(m.paymentAmount, { exact: true }).waitFor();
    expect(await feedback.getAttribute('role')).toBe('alert');

    await page.getByLabel('Amount (USD)', { exact: true }).fill('12.34');
    await page.getByLabel('Payment notes (optional)', { exact: true }).fill('Bonus for fast shipping');
    await button.click();
    await feedback.getByText('Payment of $12.34 logged.').waitFor();
    const history = page.getByTestId('payment-history');
    const row = history.locator('tbody tr').first();
    expect(await row.textContent()).toContain('$12.34');
    expect(await row.textContent()).toContain('Zelle');
    expect(await row.textContent()).toContain('Bonus for fast shipping');
    expect((await page.getByTestId('payment-method-value').textContent())?.trim()).toBe('Zelle');
    expect(await page.getByLabel('Amount (USD)', { exact: true }).inputValue()).toBe('');
  });

  it('adds a note, trimmed, and refuses a blank one', async () => {
    const input = page.getByLabel('New note', { exact: true });
    const add = page.getByRole('button', { name: 'Add Note' });
    await input.fill('   ');
    expect(await add.isDisabled()).toBe(true);
    await input.fill('  Box arrived with 3 boxes of strips  ');
    await add.click();
    const notes = page.getByTestId('order-notes');
    await notes.getByText('Box arrived with 3 boxes of strips', { exact: true }).waitFor();
    expect(await input.inputValue()).toBe('');
  });

  it('refuses a GIF before uploading, uploads a PNG, shows it full size, and deletes it', async () => {
    const input = page.getByLabel('Add images', { exact: true });
    await input.setInputFiles({ name: 'scan.gif', mimeType: 'image/gif', buffer: tinyGif() });
    await page
      .getByTestId('images-feedback')
      .getByText(m.filesBadType('scan.gif'), { exact: true })
      .waitFor();

    await input.setInputFiles({ name: 'box-photo.png', mimeType: 'image/png', buffer: solidPng(32) });
    const images = page.getByTestId('order-images');
    await images.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('images-feedback').count()).toBe(0);
    const thumb = images.locator('img').first();
    expect(await thumb.getAttribute('alt')).toMatch(/\.png$/);
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="order-images"] img');
      return Boolean(image?.complete && image.naturalWidth === 32);
    });
    await expectAccessible(page, `order with an image (${viewport})`);

    await images.getByRole('button', { name: /open full size/ }).click();
    const viewer = page.getByRole('dialog');
    await viewer.locator('img').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await images.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete image?' });
    await confirm.getByText(m.confirmDeleteImage).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await images.waitFor({ state: 'detached' });
    await page.getByText('No images have been added to this order yet.').waitFor();
  });

  it('sends the completion and confirmation e-mails on request', async () => {
    const before = (await waitForMail(email, mailsBefore + 1)).length;
    const feedback = page.getByTestId('email-feedback');
    await page.getByRole('button', { name: 'Send Completion Email' }).click();
    await feedback.getByText(m.completionSent, { exact: true }).waitFor();
    // Queued at once; the page reads the order again until the worker has sent it.
    await page.getByTestId('email-delivery').getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send Confirmation Email' }).click();
    await feedback.getByText(m.confirmationSent, { exact: true }).waitFor();
    expect(await feedback.getAttribute('role')).toBe('status');
    await waitForMail(email, before + 2);
  });

  it('generates the label from the back office and links its USPS QR code page', async () => {
    await page.getByTestId('generate-label').click();
    const link = page.getByTestId('label-link');
    await link.waitFor({ timeout: LABEL_POLL_TIMEOUT_MS });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect((await page.getByTestId('label-mode').textContent())?.trim()).toBe('Test mode');
    expect((await page.getByTestId('label-broker-id').textContent())?.trim()).not.toBe('—');
    await page.getByTestId('regenerate-qr').waitFor();
    await expectAccessible(page, `order with a label (${viewport})`);

    await page.getByTestId('qr-code-link').click();
    await page.waitForURL(new RegExp(`/shipping-qr-code/${order.orderId}`));
    await page.getByRole('heading', { level: 1, name: label.qrTitle }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('says so when the order does not exist', async () => {
    await page.goto(site('/admin/orders/CZZZZZ9'));
    await page.getByRole('heading', { level: 1, name: m.detailFailedTitle }).waitFor();
    await page.getByText(m.notFound, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Orders' }).waitFor();
    await expectAccessible(page, `order not found (${viewport})`);
    expect(pageErrors(page)).toEqual([]);
  });
});
