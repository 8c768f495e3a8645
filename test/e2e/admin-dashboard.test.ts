/**
 * @local-stack exclusive: it checks the overview's shop-wide totals against the API's.
 */
import type { Browser, Page } from 'playwright-core';
import { dashboardMessages, messages } from '../../shared/messages';
import { formatMoney } from '../../shared/rules/money';
import type { Dashboard } from '../../shared/schemas/dashboard';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { signIn } from '../support/cognito';
import { api, stack } from '../support/stack';

// Each test signs in a browser and runs axe: jest's 5 s default is too short on a busy machine.
jest.setTimeout(120_000);

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
});
afterAll(async () => {
  await browser?.close();
});

const asAdmin = <T>(path: string, init: RequestInit = {}) =>
  api<T>(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });

/** The figure a stat card shows, found by its label. */
const card = (page: Page, label: string) =>
  page.locator('.admin-stat', { has: page.getByText(label, { exact: true }) }).locator('.admin-stat__value');

describe.each<ViewportName>(['desktop', 'mobile'])('overview after a completed order on %s', (viewport) => {
  it('shows the completed order in Total Payments, Inbound Shipments and Recent Orders', async () => {
    const product = (await catalogue()).find((p) => p.inStock)!;
    const placed = await postOrder(
      checkoutBody(uniqueEmail('dash'), [{ productId: product.id, quantity: 3 }]),
    );
    expect(placed.status).toBe(201);
    const order = placed.body as { orderId: string; total: number };
    const before = (await asAdmin<Dashboard>('/api/admin/dashboard')).body;

    const done = await asAdmin(`/api/admin/orders/${order.orderId}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(done.status).toBe(200);
    const after = (await asAdmin<Dashboard>('/api/admin/dashboard')).body;
    // Nothing was logged, so completing marks it paid in full: the figures move by exactly its total.
    expect(after.totalPayments).toBeCloseTo(before.totalPayments + order.total, 2);
    expect(after.completedOrders).toBe(before.completedOrders + 1);

    const page = await newPage(browser, viewport);
    await signInAsStaff(page);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await expect(card(page, dashboardMessages.totalPayments).textContent()).resolves.toBe(
      formatMoney(after.totalPayments),
    );
    await expect(card(page, dashboardMessages.inboundShipments).textContent()).resolves.toBe(
      String(after.inboundShipments),
    );
    await expect(card(page, dashboardMessages.averageOrderValue).textContent()).resolves.toBe(
      formatMoney(after.averageOrderValue),
    );
    // The daily chart: a bar and a dot per day, today's bar (the order above) drawn, every label inside the box.
    const chart = await page.getByTestId('daily-chart').evaluate((box) => {
      const outer = box.getBoundingClientRect();
      const labels = Array.from(box.querySelectorAll('span'))
        .map((label) => label.getBoundingClientRect())
        .filter((r) => r.width > 0);
      const bars = Array.from(box.querySelectorAll('rect')).map((bar) => bar.getBoundingClientRect().height);
      return {
        bars: bars.length,
        todayBar: bars[bars.length - 1],
        dots: box.querySelectorAll('circle').length,
        labels: labels.length,
        outside: labels.filter((r) => r.left < outer.left - 1 || r.right > outer.right + 1).length,
      };
    });
    expect(chart).toMatchObject({ bars: 30, dots: 30, outside: 0 });
    expect(chart.todayBar).toBeGreaterThan(0);
    expect(chart.labels).toBeGreaterThan(5);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: order.orderId }) });
    await expect(row.textContent()).resolves.toContain('Completed');
    await row.getByRole('link', { name: `View order ${order.orderId}` }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.orderId}`);
    await page.goBack();
    await page.getByRole('heading', { name: dashboardMessages.recentOrders }).waitFor();
    // No sideways scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Nor inside Recent Orders: on a phone its rows are small cards, each with its View link in sight.
    const tableOverflow = await page.evaluate(() => {
      const box = document.querySelector('.admin-table-scroll');
      return box ? box.scrollWidth - box.clientWidth : Number.NaN;
    });
    expect(tableOverflow).toBeLessThanOrEqual(0);
    // Settings loaded (a build whose route table lacked the public rows showed the yellow fallback banner here).
    expect(await page.getByText(messages.app.settingsFallback).count()).toBe(0);
    await expectAccessible(page, `overview (${viewport})`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
