/// <reference lib="dom" />
import type { Browser, Page, Route } from 'playwright-core';
import { messages } from '../../shared/messages';
import { productPath } from '../../shared/rules/slug';
import type { Product } from '../../shared/schemas/product';
import { launchBrowser, newPage, pageErrors } from '../support/browser';
import { catalogue, uniqueEmail } from '../support/checkout';
import { stack } from '../support/stack';

jest.setTimeout(120_000);

/**
 * Issue 38: a checkout the server answers 503 (it ran out of time under a burst, Retry-After) is sent once more
 * with the same Idempotency-Key before the page shows its error; the second answer is the order, whether the
 * first request's work had written it or not. The page does not branch on the viewport: desktop only.
 */
let browser: Browser;
let product: Product;
beforeAll(async () => {
  browser = await launchBrowser();
  product = (await catalogue()).find((p) => p.inStock)!;
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;

async function toCheckout(page: Page, email: string) {
  await page.goto(site(productPath(product)));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'Go to Cart' }).click();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('First Name').fill('Ann');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('5125550188');
  await page.getByLabel('Street Address').fill('100 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP Code').fill('78701');
  await page.getByLabel(/^I confirm my items are sealed/).check();
}

/** Answers the first `busy` checkout POSTs 503 as the API does when out of time; lets the rest through. */
async function busyServer(page: Page, busy: number, forwardFirst = false) {
  const keys: string[] = [];
  await page.route('**/api/orders', async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    keys.push(request.headers()['idempotency-key'] ?? '');
    if (keys.length > busy) return route.continue();
    // The first request's work may have finished after the answer: then the retry answers that order.
    if (forwardFirst) await route.fetch();
    return route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: JSON.stringify({
        error: { code: 'busy', message: 'The server is busy. Please try again in a moment.' },
      }),
    });
  });
  return keys;
}

describe('checkout while the server is busy', () => {
  let page: Page;
  beforeEach(async () => {
    page = await newPage(browser, 'desktop');
  });
  afterEach(async () => {
    await page.context().close();
  });

  it('one 503: sent again with the same key, and the order is confirmed', async () => {
    await toCheckout(page, uniqueEmail('busy-once'));
    const keys = await busyServer(page, 1, true);
    await page.getByTestId('checkout-submit').click();
    await page.waitForURL(/\/order-confirmation$/, { timeout: 30_000 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await page.getByTestId('order-number').textContent()).toMatch(/C[A-Z0-9]{6}/);
    expect(pageErrors(page)).toEqual([]);
  });

  it('503 twice: the error banner, and the form stays as it was', async () => {
    await toCheckout(page, uniqueEmail('busy-twice'));
    const keys = await busyServer(page, 2);
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('checkout-error').getByText(messages.checkoutPage.createFailed).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await page.getByLabel('First Name').inputValue()).toBe('Ann');
  });
});
