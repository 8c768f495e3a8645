/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminOrderMessages } from '../../shared/messages';
import { formatMoney } from '../../shared/rules/money';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { stack } from '../support/stack';

jest.setTimeout(300_000);

const m = adminOrderMessages;
const ORDER_COUNT = 12;

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

/** Letters only, so it is a valid last name and matches nothing else in the shared test data. */
const marker = () => `Zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

/** A calendar day (yyyy-mm-dd) in this machine's time zone, which the headless browser shares. */
const localDay = (offsetDays = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const showing = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();

/** The order's row on desktop or its card on mobile (the other form is not displayed). */
const orderItem = (page: Page, viewport: ViewportName, orderId: string): Locator =>
  viewport === 'desktop'
    ? page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderId, exact: true }) })
    : page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Order ${orderId}` }) });

const statusSelect = (page: Page, orderId: string) =>
  page.getByRole('combobox', { name: `Status for order ${orderId}` });

/** The order numbers on screen, in order. */
async function shownOrderIds(page: Page, viewport: ViewportName): Promise<string[]> {
  const texts =
    viewport === 'desktop'
      ? await page.getByRole('table').getByRole('rowheader').allTextContents()
      : await page.locator('.list-card__title').filter({ visible: true }).allTextContents();
  return texts.map((t) => t.replace(/^Order /, '').trim());
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search orders' });
  await box.fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text.trim());
}

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const panelId = await toggle.getAttribute('aria-controls');
  await page.locator(`[id="${panelId}"]`).waitFor();
}

describe.each<ViewportName>(['desktop', 'mobile'])('the back office orders list on %s', (viewport) => {
  let page: Page;
  let name: string;
  let orders: OrderConfirmation[];

  beforeAll(async () => {
    name = marker();
    orders = [];
    // Quantities 1..6 twice: totals are the product price times 1..6; three orders are paid by PayPal (on in the seeded settings).
    for (let i = 0; i < ORDER_COUNT; i++) {
      const created = await postOrder(
        checkoutBody(
          uniqueEmail(`${name.toLowerCase()}-${i}`),
          [{ productId: product.id, quantity: (i % 6) + 1 }],
          {
            lastName: name,
            ...(i < 3
              ? { payout: { method: 'paypal', paypalEmail: `${name.toLowerCase()}@example.com` } }
              : {}),
          },
        ),
      );
      if (created.status !== 201)
        throw new Error(`order ${i}: ${created.status} ${JSON.stringify(created.body)}`);
      orders.push(created.body as unknown as OrderConfirmation);
    }
    page = await newPage(browser, viewport);
    await signInAsStaff(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('searches case-insensitively, pages with the exact total, and keeps it all in the address', async () => {
    await page.goto(site('/admin/orders'));
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Showing 1–\d+ of \d+ orders?$/ })
      .waitFor();
    await expectAccessible(page, `orders list (${viewport})`);

    await search(page, name.toUpperCase());
    await showing(page, `Showing 1–10 of ${ORDER_COUNT} orders`);
    const firstPage = await shownOrderIds(page, viewport);
    expect(firstPage).toHaveLength(10);
    // Newest first.
    expect(firstPage[0]).toBe(orders.at(-1)!.orderId);

    await page.getByRole('button', { name: 'Next page' }).click();
    await showing(page, `Showing 11–12 of ${ORDER_COUNT} orders`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    const secondPage = await shownOrderIds(page, viewport);
    expect(secondPage).toHaveLength(2);
    expect(new Set([...firstPage, ...secondPage])).toEqual(new Set(orders.map((o) => o.orderId)));
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Page 1' }).click();
    await showing(page, `Showing 1–10 of ${ORDER_COUNT} orders`);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await showing(page, `Showing 11–12 of ${ORDER_COUNT} orders`);
    // A page size change goes back to page 1.
    await page.getByLabel('Orders per page').selectOption('25');
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);
    const url = new URL(page.url());
    expect(url.searchParams.get('pageSize')).toBe('25');
    expect(url.searchParams.get('page')).toBeNull();

    await page.reload();
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);
    expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe(
      name.toUpperCase(),
    );
    expect(await page.getByLabel('Orders per page').inputValue()).toBe('25');

    // By order number, and by e-mail.
    const target = orders[4];
    await search(page, target.orderId.toLowerCase());
    await showing(page, 'Showing 1–1 of 1 order');
    const item = orderItem(page, viewport, target.orderId);
    await item.getByText(formatMoney(target.total), { exact: true }).first().waitFor();
    await item.getByText(`${name.toLowerCase()}-4`).waitFor();
    const details = page.getByRole('link', { name: `View Details for order ${target.orderId}` });
    expect(await details.getAttribute('href')).toBe(`/admin/orders/${target.orderId}`);

    await search(page, `${name.toLowerCase()}-7`);
    // The summary reads as it did for the previous single result: wait for this one's order.
    await orderItem(page, viewport, orders[7].orderId).waitFor();
    await showing(page, 'Showing 1–1 of 1 order');
    expect(await shownOrderIds(page, viewport)).toEqual([orders[7].orderId]);

    await search(page, `${name}-nobody`);
    await page.getByRole('heading', { name: m.empty }).waitFor();
    await page.getByText(m.emptyHint).waitFor();
    await expectAccessible(page, `orders list, nothing found (${viewport})`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('filters by payment method, amount, date range and shipment status; Clear filters resets them', async () => {
    await page.goto(site(`/admin/orders?q=${name}&pageSize=25`));
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await openFilters(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, `orders filter panel (${viewport})`);

    await page.getByLabel('Payment method').selectOption('paypal');
    await showing(page, 'Showing 1–3 of 3 orders');
    expect(new Set(await shownOrderIds(page, viewport))).toEqual(
      new Set(orders.slice(0, 3).map((o) => o.orderId)),
    );
    await page.getByLabel('Payment method').selectOption('');
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);

    // Totals are price x 1..6, twice each: from 5x there are four (5x and 6x), up to 2x four more.
    const times = (n: number) => (orders[0].total * n).toFixed(2);
    await page.getByLabel('Min amount').fill(times(5));
    await showing(page, 'Showing 1–4 of 4 orders');
    expect(new URL(page.url()).searchParams.get('minAmount')).toBe(times(5));
    await page.getByLabel('Max amount').fill(times(5));
    await showing(page, 'Showing 1–2 of 2 orders');
    expect(new Set(await shownOrderIds(page, viewport))).toEqual(
      new Set([orders[4].orderId, orders[10].orderId]),
    );
    // The panel's fields exist only while it is open; closing and opening it again keeps what they held.
    await toggle.click();
    expect(await page.getByLabel('Min amount').count()).toBe(0);
    await openFilters(page);
    expect(await page.getByLabel('Min amount').inputValue()).toBe(times(5));
    expect(await page.getByLabel('Max amount').inputValue()).toBe(times(5));
    await page.getByLabel('Min amount').fill('');
    await page.getByLabel('Max amount').fill(times(2));
    await showing(page, 'Showing 1–4 of 4 orders');
    await page.getByLabel('Max amount').fill('');
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);

    // Inclusive days: today to today holds them all; a range starting tomorrow or ending yesterday none.
    await page.getByLabel('From date').fill(localDay());
    await page.getByLabel('To date').fill(localDay());
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);
    await page.getByLabel('To date').fill(localDay(-1));
    await page.getByLabel('From date').fill(localDay(-3));
    await page.getByRole('heading', { name: m.empty }).waitFor();
    await page.getByLabel('From date').fill(localDay(1));
    await page.getByLabel('To date').fill(localDay(2));
    await page.getByRole('heading', { name: m.empty }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: m.empty }).waitFor();
    expect(await page.getByLabel('From date').inputValue()).toBe(localDay(1));
    expect(await page.getByRole('button', { name: /^Filters/ }).getAttribute('aria-expanded')).toBe('true');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Showing 1–\d+ of \d+ orders?$/ })
      .waitFor();
    const cleared = new URL(page.url());
    expect([...cleared.searchParams.keys()]).toEqual(['pageSize']);
    expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe('');
    expect(await page.getByLabel('From date').inputValue()).toBe('');

    // New orders have no shipment yet.
    await search(page, name);
    await page.getByLabel('Shipment status').selectOption('pending');
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);
    await page.getByLabel('Shipment status').selectOption('delivered');
    await page.getByRole('heading', { name: m.empty }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('quick filters, and a status change from the dropdown with the completion confirmation', async () => {
    await page.goto(site(`/admin/orders?q=${name}&pageSize=25`));
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);

    const pendingQuick = page.getByRole('button', { name: 'Pending (last 24 hours)' });
    const processingQuick = page.getByRole('button', { name: 'Processing (last 7 days)' });
    expect(await pendingQuick.getAttribute('aria-pressed')).toBe('false');
    await pendingQuick.click();
    await page.locator('button[aria-pressed="true"]', { hasText: 'Pending (last 24 hours)' }).waitFor();
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);
    expect(new URL(page.url()).searchParams.get('quick')).toBe('pending');

    // To processing: it leaves the pending list at once.
    const moved = orders[0];
    const select = statusSelect(page, moved.orderId);
    expect(await select.inputValue()).toBe('pending');
    await select.selectOption('processing');
    await page.getByText(`Order ${moved.orderId} is now Processing.`).waitFor();
    await showing(page, `Showing 1–${ORDER_COUNT - 1} of ${ORDER_COUNT - 1} orders`);

    await processingQuick.click();
    await page.locator('button[aria-pressed="true"]', { hasText: 'Processing (last 7 days)' }).waitFor();
    expect(await pendingQuick.getAttribute('aria-pressed')).toBe('false');
    await showing(page, 'Showing 1–1 of 1 order');
    expect(await shownOrderIds(page, viewport)).toEqual([moved.orderId]);
    await page.reload();
    await showing(page, 'Showing 1–1 of 1 order');
    expect(await processingQuick.getAttribute('aria-pressed')).toBe('true');
    await processingQuick.click();
    await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);

    // Completing asks first; declining puts the dropdown back.
    const done = orders[1];
    const doneSelect = statusSelect(page, done.orderId);
    await doneSelect.focus();
    await doneSelect.selectOption('completed');
    const dialog = page.getByRole('dialog', { name: m.confirmCompleteTitle(done.orderId) });
    await dialog.waitFor();
    await dialog.getByText(m.confirmComplete).waitFor();
    await expectAccessible(page, `complete order confirmation (${viewport})`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await doneSelect.inputValue()).toBe('pending');
    expect(await doneSelect.evaluate((el) => el === document.activeElement)).toBe(true);

    await doneSelect.selectOption('completed');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await doneSelect.inputValue()).toBe('pending');

    await doneSelect.selectOption('completed');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/admin/orders/${done.orderId}/status`),
    );
    await dialog.getByRole('button', { name: m.confirmCompleteAction }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { completionEmail: { queued: boolean; message: string } | null };
    expect(body.completionEmail).not.toBeNull();
    const notice = page.locator('.admin-notice', { hasText: body.completionEmail!.message });
    await notice.waitFor();
    expect(await notice.getAttribute('class')).toContain(
      body.completionEmail!.queued ? 'admin-notice--success' : 'admin-notice--error',
    );
    // Completing an unpaid order marks it paid in full (spec 001 §4).
    const item = orderItem(page, viewport, done.orderId);
    await item.locator('.status-badge', { hasText: /^Paid$/ }).waitFor();
    expect(await statusSelect(page, done.orderId).inputValue()).toBe('completed');
    // The dropdown shows 'Completed' whole, and the list (table or cards) never scrolls sideways, also in a
    // window just too narrow for the table beside the sidebar.
    const cut = await statusSelect(page, done.orderId).evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(el.selectedOptions[0]?.text ?? '').width > room + 0.5;
    });
    expect(cut).toBe(false);
    const sideways = () =>
      page.evaluate(() => {
        const wrap = document.querySelector('.list-table-wrap');
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          table: wrap ? wrap.scrollWidth - wrap.clientWidth : 0,
        };
      });
    expect(await sideways()).toEqual({ page: 0, table: 0 });
    if (viewport === 'desktop') {
      await page.setViewportSize({ width: 1200, height: 800 });
      expect(await sideways()).toEqual({ page: 0, table: 0 });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await expectAccessible(page, `orders list after a completion (${viewport})`);

    // With the keyboard, arrowing past statuses saves none of them; Enter saves the one reached.
    const keyed = orders[3];
    /** The statuses posted for this order, in the order the page sent them. */
    const statusCalls: string[] = [];
    const record = (request: { method: () => string; url: () => string; postData: () => string | null }) => {
      if (request.method() === 'POST' && request.url().includes(`/api/admin/orders/${keyed.orderId}/status`))
        statusCalls.push(JSON.parse(request.postData() ?? '{}').status);
    };
    page.on('request', record);
    const keyedSelect = statusSelect(page, keyed.orderId);
    await keyedSelect.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await keyedSelect.inputValue()).toBe('cancelled');
    await page.keyboard.press('Enter');
    await page.getByText(`Order ${keyed.orderId} is now Cancelled.`).waitFor();
    // A save the arrows had started would have gone out before Enter's, and passing Completed would have opened
    // its confirmation, which nothing closes: once Enter's save has answered, it is the only one, and no dialog.
    expect(statusCalls).toEqual(['cancelled']);
    expect(await page.getByRole('dialog').count()).toBe(0);
    page.off('request', record);
    expect(pageErrors(page)).toEqual([]);
  });

  // Failures and a bad filter: nothing here branches on the viewport, so desktop only.
  if (viewport === 'desktop') {
    it('reverts a failed status change, offers a retry after a failed load, and shows a bad filter next to it', async () => {
      await page.goto(site(`/admin/orders?q=${name}&pageSize=25`));
      await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);

      const target = orders[2];
      const failStatus = (url: URL) => url.pathname === `/api/admin/orders/${target.orderId}/status`;
      await page.route(failStatus, (route) =>
        route.fulfill({
          status: 503,
          json: { error: { code: 'unavailable', message: 'Service unavailable' } },
        }),
      );
      const select = statusSelect(page, target.orderId);
      await select.selectOption('cancelled');
      await page.getByRole('alert').filter({ hasText: m.statusFailed }).waitFor();
      expect(await select.inputValue()).toBe('pending');
      await page.unroute(failStatus);

      const failList = (url: URL) => url.pathname === '/api/admin/orders';
      await page.route(failList, (route) =>
        route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Internal error' } } }),
      );
      await page.reload();
      await page.getByRole('heading', { name: m.loadFailed }).waitFor({ timeout: 30_000 });
      await page.getByText(m.loadFailedHint).waitFor();
      await expectAccessible(page, `orders list, load failure (${viewport})`);
      await page.unroute(failList);
      await page.getByRole('button', { name: 'Try Again' }).click();
      await showing(page, `Showing 1–${ORDER_COUNT} of ${ORDER_COUNT} orders`);

      // The server's 400 names the field: its message sits under that filter, which is marked invalid.
      await page.goto(site(`/admin/orders?q=${name}&from=2026-02-30`));
      const from = page.getByLabel('From date');
      await from.waitFor();
      await page.locator('.field__error', { hasText: m.invalidDate }).waitFor();
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await from.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(m.invalidDate);
      await expectAccessible(page, `orders list, invalid filter (${viewport})`);
      expect(pageErrors(page)).toEqual([]);
    });
  }
});
