/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { LABEL_POLL_TIMEOUT_MS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { easypostControl, getLabel, placeOrder, requestLabel, waitForLabel } from '../support/labels';
import { stack } from '../support/stack';

jest.setTimeout(240_000);

const { label } = messages;

let browser: Browser;
let products: Product[];
beforeAll(async () => {
  browser = await launchBrowser();
  products = (await catalogue()).filter((p) => p.inStock);
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;

/** Every text the label's live region shows, recorded in the page: a fast label may pass a step in one frame. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="label-progress"]');
    const seen: string[] = [];
    (window as unknown as { __labelProgress: string[] }).__labelProgress = seen;
    if (!region) return;
    new MutationObserver(() => {
      const text = region.textContent?.trim();
      if (text) seen.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
}

const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __labelProgress: string[] }).__labelProgress);

/** The QR image is in the page and the browser decoded it. */
const waitForQrImage = (page: Page) =>
  page.waitForFunction(() => {
    const image = document.querySelector<HTMLImageElement>('[data-testid="qr-image"]');
    return Boolean(image?.complete && image.naturalWidth > 0);
  });

async function expectQrPage(page: Page, order: OrderConfirmation) {
  await page.getByRole('heading', { level: 1, name: label.qrTitle }).waitFor();
  const banner = page.getByTestId('qr-test-mode');
  await banner.getByText(label.testModeTitle, { exact: true }).waitFor();
  await banner.getByText(label.testModeText, { exact: true }).waitFor();
  await waitForQrImage(page);
  expect(await page.getByRole('img', { name: `USPS QR code for order ${order.orderId}` }).count()).toBe(1);
  const brokerId = (await page.getByTestId('label-broker-id').textContent())?.trim() ?? '';
  expect(brokerId).not.toBe('');
  // One line, on a phone too: the id is never broken in the middle.
  const lines = await page.getByTestId('label-broker-id').evaluate((dd) => {
    const range = document.createRange();
    range.selectNodeContents(dd);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect((await page.getByTestId('order-reference').textContent())?.trim()).toMatch(
    new RegExp(`^${order.orderId}(-\\d+)?$`),
  );
  const steps = page.getByTestId('qr-steps').getByRole('listitem');
  expect(await steps.allTextContents()).toEqual([...label.qrSteps]);
  await page.getByText(label.qrHelp).waitFor();
  return brokerId;
}

describe.each<ViewportName>(['desktop', 'mobile'])('a seller getting a prepaid label on %s', (viewport) => {
  let page: Page;
  let order: OrderConfirmation;
  let brokerId = '';

  beforeAll(async () => {
    const product = viewport === 'desktop' ? products[0] : products[1];
    const created = await postOrder(
      checkoutBody(uniqueEmail(`labels-${viewport}`), [{ productId: product.id, quantity: 1 }]),
    );
    expect(created.status).toBe(201);
    order = created.body as unknown as OrderConfirmation;
    page = await newPage(browser, viewport);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('generates the label from the confirmation link, sees its progress, and prints a PDF', async () => {
    await page.goto(site(`/order-confirmation?token=${order.accessToken}`));
    await page.getByRole('heading', { name: "IT'S TIME TO SHIP!" }).waitFor();
    const generate = page.getByRole('button', { name: label.generate });
    await generate.waitFor();
    await expectAccessible(page, `confirmation before the label (${viewport})`);

    await recordProgress(page);
    await generate.click();
    const print = page.getByTestId('print-label');
    await print.waitFor({ timeout: LABEL_POLL_TIMEOUT_MS });
    const progress = await progressSeen(page);
    const steps: string[] = [label.generating, label.requested, label.purchasing];
    expect(progress.some((text) => steps.includes(text))).toBe(true);
    await page.getByTestId('label-progress').getByText(label.ready).waitFor();

    expect(await page.getByRole('link', { name: label.print }).count()).toBe(1);
    expect(await print.getAttribute('target')).toBe('_blank');
    expect((await print.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    const href = (await print.getAttribute('href')) ?? '';
    expect(new URL(href, site()).pathname).toMatch(/\.pdf$/);
    const pdf = await fetch(new URL(href, site()));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    await page.getByText(label.testModeText).waitFor();
    expect((await page.getByTestId('tracking-number').textContent())?.trim()).not.toBe('');
    await page.getByRole('link', { name: label.qrButton }).waitFor();
    await expectAccessible(page, `confirmation with the label (${viewport})`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('opens the USPS QR code page with the code, broker id and the four steps', async () => {
    await page.getByRole('link', { name: label.qrButton }).click();
    await page.waitForURL(new RegExp(`/shipping-qr-code/${order.orderId}\\?token=${order.accessToken}$`));
    brokerId = await expectQrPage(page, order);
    await expectAccessible(page, `USPS QR code (${viewport})`);

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(/\/order-confirmation\?token=/);
    await page.getByTestId('print-label').waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('loads the QR code page from its link alone, and Back leads to the confirmation', async () => {
    const fresh = await newPage(browser, viewport);
    await fresh.goto(site(`/shipping-qr-code/${order.orderId}?token=${order.accessToken}`));
    expect(await expectQrPage(fresh, order)).toBe(brokerId);

    await fresh.getByRole('button', { name: 'Back', exact: true }).click();
    await fresh.waitForURL(/\/order-confirmation\?token=/);
    await fresh.getByRole('heading', { name: "IT'S TIME TO SHIP!" }).waitFor();
    await fresh.getByTestId('print-label').waitFor();

    await fresh.goto(site(`/shipping-qr-code/${order.orderId}`));
    await fresh.getByText(label.qrLoadFailed).waitFor();
    await fresh.getByRole('button', { name: 'Try Again' }).waitFor();
    expect(pageErrors(fresh)).toEqual([]);
    await fresh.context().close();
  });
});

describe('a USPS QR code image that will not load (spec 000 §8: regenerated up to 2 times)', () => {
  let page: Page;
  afterEach(async () => {
    await page?.context().close();
  });

  /**
   * The QR page of a fresh order whose label is bought, opened from its link. The browser refuses the QR
   * images for which `refuse(n)` is true (n counts image requests from 1); regeneration calls are recorded.
   * `beforeOpen` runs once the label is bought.
   */
  async function openQrPage(
    refuse: (n: number) => boolean,
    beforeOpen?: (order: OrderConfirmation) => Promise<unknown>,
  ) {
    const order = await placeOrder();
    expect((await requestLabel(order)).status).toBe(202);
    const bought = await waitForLabel(order, ['purchased']);
    await beforeOpen?.(order);
    page = await newPage(browser, 'desktop');
    const images: string[] = [];
    await page.route('**/files/qr/*.png', (route) => {
      images.push(route.request().url());
      return refuse(images.length) ? route.abort('failed') : route.continue();
    });
    const regenerations: number[] = [];
    page.on('response', (res) => {
      const request = res.request();
      if (
        request.method() === 'POST' &&
        request.url().endsWith(`/api/orders/${order.orderId}/label/qr-code`)
      ) {
        regenerations.push(res.status());
      }
    });
    await page.goto(site(`/shipping-qr-code/${order.orderId}?token=${order.accessToken}`));
    await page.getByRole('heading', { level: 1, name: label.qrTitle }).waitFor();
    return { order, bought, images, regenerations };
  }

  it('asks for a new code once, shows it, and the label keeps the new code', async () => {
    const { order, bought, images, regenerations } = await openQrPage((n) => n === 1);
    await waitForQrImage(page);
    expect(regenerations).toEqual([200]);
    expect(images).toHaveLength(2);
    expect(images[0]).toBe(bought.qrCodeUrl);
    const shown = await page.getByTestId('qr-image').getAttribute('src');
    expect(shown).toBe(images[1]);
    expect(shown).not.toBe(bought.qrCodeUrl);
    // The new code is stored: the confirmation page and a reload link to it.
    const stored = (await getLabel(order)).body;
    expect(stored.qrCodeUrl).toBe(shown);
    expect((await page.getByTestId('label-broker-id').textContent())?.trim()).toBe(stored.labelBrokerId);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('asks twice at most, then says the image failed to load', async () => {
    const { images, regenerations } = await openQrPage(() => true);
    const alert = page.getByRole('alert');
    await alert.getByText(label.qrImageFailed).waitFor();
    expect(regenerations).toEqual([200, 200]);
    expect(images).toHaveLength(3);
    expect(new Set(images).size).toBe(3);
    expect(await page.getByTestId('qr-image').count()).toBe(0);
    await alert.getByRole('link', { name: 'Contact Support' }).waitFor();
    // Spec 000 §2: the error state offers Try Again, which reloads the page.
    await alert.getByRole('button', { name: 'Try Again' }).waitFor();
    await expectAccessible(page, 'QR code image failed');
    expect(pageErrors(page)).toEqual([]);
  });

  it('says so when a new code cannot be made', async () => {
    const { regenerations } = await openQrPage(
      () => true,
      (order) =>
        easypostControl('failures', 'POST', {
          operation: 'form',
          reference: order.orderId,
          status: 500,
          times: 1,
        }),
    );
    await page.getByRole('alert').getByText(label.qrRegenerateFailed).waitFor();
    // EasyPost failed: 502, the upstream provider error.
    expect(regenerations).toEqual([502]);
    expect(pageErrors(page)).toEqual([]);
  });
});
