/// <reference lib="dom" />
/**
 * axe on a phone for the pages whose flows run on desktop only (they do not branch on the viewport): one visit
 * per page, in the state its flow leaves it richest (the checkout with its messages, the order status with its
 * answer). The files that keep both viewports check their own pages on a phone: storefront (home, catalogue,
 * product, 404), labels (order confirmation, before and with a label; USPS QR code), admin-auth (login,
 * overview, orders, 404), admin-dashboard, admin-orders, admin-customers, admin-products and admin-tickets.
 */
import type { Browser, Page } from 'playwright-core';
import {
  adminEmailMessages,
  adminSettingsMessages,
  adminSmsMessages,
  marketingMessages,
  messages,
} from '../../shared/messages';
import { productPath } from '../../shared/rules/slug';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { stack } from '../support/stack';

jest.setTimeout(180_000);

let browser: Browser;
let product: Product;
let order: OrderConfirmation;
const email = uniqueEmail('a11y-mobile');

beforeAll(async () => {
  browser = await launchBrowser();
  product = (await catalogue()).find((p) => p.inStock)!;
  const created = await postOrder(checkoutBody(email, [{ productId: product.id, quantity: 1 }]));
  expect(created.status).toBe(201);
  order = created.body as unknown as OrderConfirmation;
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;

describe('the public pages on mobile', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, 'mobile');
  });
  afterAll(async () => {
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('cart', async () => {
    await page.goto(site(productPath(product)));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'Go to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
    await expectAccessible(page, 'cart (mobile)');
  });

  it('checkout, with its messages', async () => {
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByTestId('checkout-submit').click();
    await page.getByText(messages.checkout.firstName, { exact: true }).first().waitFor();
    await expectAccessible(page, 'checkout with errors (mobile)');
  });

  it('order status, with its answer', async () => {
    await page.goto(site('/order-status'));
    await page.getByLabel('Order Number').fill(order.orderId);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page.getByRole('heading', { name: "We Haven't Received Your Shipment Yet" }).waitFor();
    await expectAccessible(page, 'order status (mobile)');
  });

  it('contact', async () => {
    await page.goto(site('/contact'));
    await page.getByLabel('Your Name').waitFor();
    await expectAccessible(page, 'contact (mobile)');
  });

  it.each([
    ['/how-it-works', /how it works/i],
    ['/faq', /frequently asked questions|faq/i],
    ['/expired-token', /Order Link Expired/],
  ])('%s', async (path, heading) => {
    await page.goto(site(path));
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await expectAccessible(page, `${path} (mobile)`);
  });
});

describe('the back office pages on mobile', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, 'mobile');
    await signInAsStaff(page);
  });
  afterAll(async () => {
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('order detail', async () => {
    await page.goto(site(`/admin/orders/${order.orderId}`));
    await page.getByRole('heading', { level: 1, name: `Order #${order.orderId}` }).waitFor();
    await page.getByTestId('order-items').waitFor();
    await expectAccessible(page, 'order detail (mobile)');
  });

  it('settings', async () => {
    await page.goto(site('/admin/settings'));
    await page.getByRole('heading', { level: 1, name: adminSettingsMessages.title }).waitFor();
    await page
      .getByRole('region', { name: 'Basic Settings' })
      .getByLabel('Site name', { exact: true })
      .waitFor();
    await expectAccessible(page, 'settings (mobile)');
  });

  it('marketing', async () => {
    await page.goto(site('/admin/marketing'));
    await page.getByRole('heading', { level: 1, name: marketingMessages.title }).waitFor();
    await page.getByTestId('stat-sms-sent').waitFor();
    await expectAccessible(page, 'marketing (mobile)');
  });

  it('SMS marketing', async () => {
    await page.goto(site('/admin/marketing/sms'));
    await page.getByRole('heading', { level: 1, name: adminSmsMessages.title }).waitFor();
    await page
      .getByRole('region', { name: adminSmsMessages.settingsTitle })
      .getByLabel(adminSmsMessages.enabled)
      .waitFor();
    await expectAccessible(page, 'SMS marketing (mobile)');
  });

  it('e-mail marketing', async () => {
    await page.goto(site('/admin/marketing/email'));
    await page.getByRole('heading', { level: 1, name: adminEmailMessages.title }).waitFor();
    await page
      .getByRole('region', { name: adminEmailMessages.settingsTitle })
      .getByLabel(adminEmailMessages.fromEmail)
      .waitFor();
    await expectAccessible(page, 'email marketing (mobile)');
  });
});

// The check itself: a violation in the page, or in a frame that runs scripts, fails it; a page without one passes,
// and so does a page with a frame axe cannot run in.
describe('the accessibility check', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, 'mobile');
  });
  afterAll(async () => {
    await page.context().close();
  });
  const doc = (body: string) =>
    `<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1>${body}</main></html>`;

  it('fails on an unlabelled field, in the page and in a frame', async () => {
    await page.setContent(doc('<input type="text">'));
    await expect(expectAccessible(page, 'unlabelled field')).rejects.toThrow(
      /^Accessibility violations on unlabelled field:\nlabel \(critical\)/,
    );
    // Twice on one document: axe is injected once and its second run still finds it.
    await expect(expectAccessible(page, 'unlabelled field')).rejects.toThrow(/label \(critical\)/);
    await page.setContent(doc(`<iframe title="Form" srcdoc='${doc('<input type="text">')}'></iframe>`));
    await expect(expectAccessible(page, 'framed field')).rejects.toThrow(/label \(critical\)/);
  });

  it('passes a page without violations, beside a frame whose sandbox forbids scripts', async () => {
    await page.setContent(doc('<label>Name <input type="text"></label>'));
    await expectAccessible(page, 'labelled field');
    await page.setContent(
      doc(`<iframe title="Preview" sandbox="" srcdoc='${doc('<p>Preview</p>')}'></iframe>`),
    );
    await expectAccessible(page, 'sandboxed preview');
  });
});

describe("the test pages' navigation", () => {
  it('names the requests still loading when a navigation times out', async () => {
    const page = await newPage(browser, 'desktop');
    try {
      // The page itself never answers: in flight from the start, whatever the machine's load (a 1 s timeout on a
      // script the page asks for once it has arrived ran out before the page had, on a loaded machine).
      await page.route('http://navigation.test/', () => {});
      await expect(page.goto('http://navigation.test/', { timeout: 5_000 })).rejects.toThrow(
        /Timeout 5000ms exceeded[\s\S]*\nStill loading: GET http:\/\/navigation\.test\/ \(\d+ ms\)$/,
      );
    } finally {
      await page.context().close();
    }
  });
});
