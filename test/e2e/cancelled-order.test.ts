/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { messages } from '../../shared/messages';
import type { OrderConfirmation } from '../../shared/schemas/order';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { signIn } from '../support/cognito';
import { requestLabel } from '../support/labels';
import { api, stack } from '../support/stack';

jest.setTimeout(180_000);

const { tracking, label, order: orderText } = messages;
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;

/** A fresh order, cancelled by staff through the back office's API. */
async function cancelledOrder(email: string): Promise<OrderConfirmation> {
  const [product] = (await catalogue()).filter((p) => p.inStock);
  const created = await postOrder(checkoutBody(email, [{ productId: product.id, quantity: 1 }]));
  expect(created.status).toBe(201);
  const order = created.body as unknown as OrderConfirmation;
  const cancelled = await api(`/api/admin/orders/${order.orderId}/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'cancelled' }),
  });
  expect(cancelled.status).toBe(200);
  return order;
}

// The order status and confirmation pages do not branch on the viewport here: desktop only.
// test/e2e/mobile-accessibility.test.ts runs axe on both pages on a phone.
describe('a cancelled order on desktop', () => {
  const viewport: ViewportName = 'desktop';
  let page: Page;
  let order: OrderConfirmation;
  const email = uniqueEmail(`cancelled-${viewport}`);

  beforeAll(async () => {
    order = await cancelledOrder(email);
    page = await newPage(browser, viewport);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('tracking says it was cancelled and shows no step in progress', async () => {
    await page.goto(site('/order-status'));
    await page.getByLabel('Order Number').fill(order.orderId);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page.getByRole('heading', { name: tracking.cancelledTitle }).waitFor();
    await page.getByText(tracking.cancelledText).waitFor();
    const progress = page.getByRole('list', { name: 'Order progress' });
    expect(await progress.locator('[aria-current]').count()).toBe(0);
    expect(await progress.getByText('in progress').count()).toBe(0);
    const steps = (await progress.getByRole('listitem').allTextContents()).map((s) => s.trim());
    expect(steps).toEqual([
      'Order placed (completed)',
      'Shipment received (cancelled)',
      'Evaluated (cancelled)',
      'Paid (cancelled)',
    ]);
    await expectAccessible(page, `cancelled order status (${viewport})`);
  });

  it('the confirmation link offers no label and no shipping instructions, and no label can be bought', async () => {
    await page.goto(site(`/order-confirmation?token=${order.accessToken}`));
    await page.getByRole('heading', { level: 1, name: tracking.cancelledTitle }).waitFor();
    expect(await page.getByRole('heading', { name: "IT'S TIME TO SHIP!" }).count()).toBe(0);
    expect(await page.getByRole('button', { name: label.generate }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Shipping Tips' }).count()).toBe(0);
    expect((await page.getByTestId('order-number').textContent())?.trim()).toBe(order.orderId);
    await expectAccessible(page, `cancelled order confirmation (${viewport})`);
    const refused = await requestLabel(order);
    expect([refused.status, (refused.body as { error?: { message: string } }).error?.message]).toEqual([
      409,
      orderText.cancelledNoLabel,
    ]);
    expect(pageErrors(page)).toEqual([]);
  });
});
