/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { customer } from '../../functions/lib/entities';
import { adminCustomerMessages as m } from '../../shared/messages';
import type { Product } from '../../shared/schemas/product';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { putItem } from '../support/db';
import { stack } from '../support/stack';

jest.setTimeout(300_000);

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
const marker = () => `Zk${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

const showing = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text.trim());
}

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`).waitFor();
}

/** The names of the customers on screen, in order (the table's row headers, or the cards' headings). */
async function shownNames(page: Page, viewport: ViewportName): Promise<string[]> {
  const texts =
    viewport === 'desktop'
      ? await page.getByRole('table').getByRole('rowheader').allTextContents()
      : await page.locator('.list-card__title').filter({ visible: true }).allTextContents();
  return texts.map((t) => t.trim());
}

describe.each<ViewportName>(['desktop', 'mobile'])('the back office customers on %s', (viewport) => {
  let page: Page;
  let surname: string;
  // Ann has 1 order, Bob 2, Cat 3; Cat ordered last.
  const people = [
    { first: 'Ann', orders: 1 },
    { first: 'Bob', orders: 2 },
    { first: 'Cat', orders: 3 },
  ];

  beforeAll(async () => {
    surname = marker();
    for (const p of people) {
      const email = uniqueEmail(p.first.toLowerCase());
      for (let i = 0; i < p.orders; i++) {
        const res = await postOrder(
          checkoutBody(email, [{ productId: product.id, quantity: 1 }], {
            firstName: p.first,
            lastName: surname,
          }),
        );
        if (res.status !== 201) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    page = await newPage(browser, viewport);
    await signInAsStaff(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  const name = (first: string) => `${first} ${surname}`;

  it('searches in the chosen fields and filters, keeping everything in the address', async () => {
    await page.goto(site('/admin/customers'));
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Showing 1–\d+ of \d+ customers?$/ })
      .waitFor();
    await expectAccessible(page, `customers list (${viewport})`);

    await search(page, surname.toUpperCase());
    await showing(page, 'Showing 1–3 of 3 customers');
    expect(await shownNames(page, viewport)).toEqual([name('Cat'), name('Bob'), name('Ann')]);

    // The surname is in the name only: searching e-mail and phone alone finds nobody.
    // The boxes follow the address, which changes a moment after the click: wait for it, not the box.
    await page.getByRole('checkbox', { name: 'Name' }).click();
    await page.waitForURL((url) => url.searchParams.get('fields') === 'email,phone');
    await page.getByRole('heading', { name: m.empty }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Name' }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'Name' }).click();
    await page.waitForURL((url) => !url.searchParams.has('fields'));
    await showing(page, 'Showing 1–3 of 3 customers');

    await openFilters(page);
    await expectAccessible(page, `customers filter panel (${viewport})`);
    await page.getByLabel('Min orders').fill('2');
    await showing(page, 'Showing 1–2 of 2 customers');
    expect(await shownNames(page, viewport)).toEqual([name('Cat'), name('Bob')]);
    await page.getByLabel('Max orders').fill('2');
    await showing(page, 'Showing 1–1 of 1 customer');
    expect(await shownNames(page, viewport)).toEqual([name('Bob')]);

    // A reload keeps the search, the filters and the open panel.
    await page.reload();
    await showing(page, 'Showing 1–1 of 1 customer');
    expect(await page.getByLabel('Min orders').inputValue()).toBe('2');
    expect(await page.getByRole('searchbox', { name: 'Search customers' }).inputValue()).toBe(
      surname.toUpperCase(),
    );
    await page.getByLabel('Max orders').fill('');
    await showing(page, 'Showing 1–2 of 2 customers');

    // Everyone ordered today: a last order more than 30 days ago matches nobody, today's range everybody.
    const inactive = page.getByLabel('Last order more than … ago');
    expect((await inactive.locator('option').allTextContents()).map((t) => t.trim())).toEqual([
      'Any time',
      '14 days',
      '30 days',
      '45 days',
      '60 days',
      '90 days',
      '6 months',
      '8 months',
      '10 months',
      '12 months',
      'Custom',
    ]);
    await inactive.selectOption('30');
    await page.getByRole('heading', { name: m.empty }).waitFor();
    await inactive.selectOption('custom');
    await page.getByLabel('Days since last order').fill('0');
    await page.getByText(m.invalidInactiveDays).first().waitFor();
    await page.getByLabel('Days since last order').fill('2');
    await page.getByRole('heading', { name: m.empty }).waitFor();
    expect(new URL(page.url()).searchParams.get('inactiveDays')).toBe('2');
    await inactive.selectOption('');
    await showing(page, 'Showing 1–2 of 2 customers');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Showing 1–\d+ of \d+ customers?$/ })
      .waitFor();
    expect([...new URL(page.url()).searchParams.keys()]).toEqual([]);

    // Back returns to the filtered list.
    await page.goBack();
    await showing(page, 'Showing 1–2 of 2 customers');
    expect(await page.getByLabel('Min orders').inputValue()).toBe('2');
    expect(pageErrors(page)).toEqual([]);
  });

  it('opens a customer, edits it behind the confirmation, and sees the change in the detail and the list', async () => {
    await page.goto(site(`/admin/customers?q=${surname}`));
    await showing(page, 'Showing 1–3 of 3 customers');
    const link = page.getByRole('link', { name: name('Cat'), exact: true });
    if (viewport === 'desktop') {
      // The keyboard way in.
      await link.focus();
      await page.keyboard.press('Enter');
    } else {
      await page.locator('.list-card', { hasText: name('Cat') }).click({ position: { x: 200, y: 90 } });
    }
    await page.getByRole('heading', { level: 1, name: name('Cat') }).waitFor();
    expect(await page.getByTestId('customer-total-orders').textContent()).toBe('3');
    const orderRows = page.getByRole('table').getByRole('rowheader');
    expect(await orderRows.count()).toBe(3);
    await expectAccessible(page, `customer detail (${viewport})`);

    const newName = `Cathy ${surname}`;
    await page.getByLabel('Name', { exact: true }).fill(newName);
    await page.getByLabel('Phone').fill('5125550199');
    expect(await page.getByLabel('Phone').inputValue()).toBe('(512) 555-0199');
    await page.getByLabel('ZIP code').fill('7870');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Valid ZIP code is required').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('ZIP code').fill('78702');

    // Cancel leaves the stored customer as it was.
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save changes?' });
    await dialog.getByText(m.confirmSave).waitFor();
    await expectAccessible(page, `customer save confirmation (${viewport})`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: name('Cat') }).waitFor();

    await page.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: m.saved }).waitFor();
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();
    expect(await page.getByTestId('customer-phone').textContent()).toBe('(512) 555-0199');
    expect(await page.getByTestId('customer-address').textContent()).toContain('78702');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();

    // An order row goes to the order.
    const firstOrder = (await orderRows.first().textContent())!.trim();
    await page.getByRole('link', { name: firstOrder, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${firstOrder}`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();

    await page.getByRole('link', { name: 'Back to Customers' }).click();
    await search(page, `cathy ${surname}`);
    await showing(page, 'Showing 1–1 of 1 customer');
    expect(await shownNames(page, viewport)).toEqual([newName]);
    expect(pageErrors(page)).toEqual([]);
  });

  // The customer page alone (no table or cards): desktop only; its phone layout is checked above.
  if (viewport === 'desktop') {
    it("shows a customer without orders with the spec's empty text", async () => {
      const email = uniqueEmail('no-orders');
      const at = new Date().toISOString();
      await putItem({
        ...customer.key(email),
        ...customer.changeIndex(at, email),
        entity: 'customer',
        id: customer.idOf(email),
        email,
        name: `Nora ${surname}`,
        phone: '(555) 010-2030',
        address: { street: '5 Pine Rd', city: 'Boise', state: 'ID', zip: '83702' },
        total_orders: 0,
        total_amount: 0,
        created_at: at,
        updated_at: at,
      });
      await page.goto(site(`/admin/customers/${customer.idOf(email)}`));
      await page.getByRole('heading', { level: 1, name: `Nora ${surname}` }).waitFor();
      await page.getByText(m.noOrders).waitFor();
      expect(await page.getByTestId('customer-total-orders').textContent()).toBe('0');
      await expectAccessible(page, `customer without orders (${viewport})`);
    });

    it('says so when a customer does not exist, with the way back', async () => {
      await page.goto(site(`/admin/customers/${'0'.repeat(32)}`));
      await page.getByRole('heading', { level: 1, name: m.notFound }).waitFor();
      await page.getByText(m.notFoundDetail).waitFor();
      await expectAccessible(page, `customer not found (${viewport})`);
      await page.getByRole('link', { name: m.returnToList }).click();
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      expect(pageErrors(page)).toEqual([]);
    });
  }
});
