/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { catalogueMessages, adminProductMessages as m } from '../../shared/messages';
import { formatMoney } from '../../shared/rules/money';
import { productPath } from '../../shared/rules/slug';
import type { Product } from '../../shared/schemas/product';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { solidPng } from '../support/image-fixtures';
import { api, stack } from '../support/stack';

jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;
/** Letters only, so it matches nothing else in the shared test data. */
const marker = () => `Zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

/** The product's row on desktop or its card on mobile (the other form is not displayed). */
const productItem = (page: Page, viewport: ViewportName, name: string): Locator =>
  viewport === 'desktop'
    ? page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) })
    : page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

const publicProduct = async (name: string): Promise<Product | undefined> =>
  (await api<{ products: Product[] }>('/api/products')).body.products.find((p) => p.name === name);

async function openAdminProducts(page: Page) {
  await page.goto(site('/admin/products'));
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  await page.getByText(/^Showing \d+ of \d+ products$/).waitFor();
}

describe.each<ViewportName>(['desktop', 'mobile'])('the back office products page on %s', (viewport) => {
  let page: Page;
  const name = `${marker()} Test Strips`;
  let productId: string;
  let imageUrl: string;

  beforeAll(async () => {
    page = await newPage(browser, viewport);
    await signInAsStaff(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('lists the catalogue, searches it and filters it by brand', async () => {
    await openAdminProducts(page);
    await expectAccessible(page, `products list (${viewport})`);
    const seeded = (await api<{ products: Product[] }>('/api/products')).body.products[0];
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill(String(seeded.productId));
    await productItem(page, viewport, seeded.name).waitFor();
    await search.fill(`${marker()} nothing like it`);
    await page.getByText(m.empty).waitFor();
    await search.fill('');
    await page.getByLabel('Brand', { exact: true }).selectOption(seeded.brand);
    const line = await page.getByText(/^Showing \d+ of \d+ products$/).textContent();
    const [, shown, total] = /Showing (\d+) of (\d+)/.exec(line ?? '')!.map(Number);
    expect(shown).toBeLessThanOrEqual(total);
    await page.getByLabel('Brand', { exact: true }).selectOption('');
  });

  it('adds a product with an image through an accessible dialog, checking each rule first', async () => {
    const add = page.getByRole('button', { name: 'Add Product', exact: true });
    await add.click();
    let dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.waitFor();
    // Focus is inside; Escape closes and gives focus back to the opener.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);

    await add.click();
    dialog = page.getByRole('dialog', { name: 'Add Product' });
    // Tab stays inside the dialog.
    for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);

    await dialog.getByRole('button', { name: 'Add Product' }).click();
    for (const message of [m.nameRequired, m.brandRequired, m.priceRequired, m.typeRequired])
      await dialog.getByText(message, { exact: true }).waitFor();
    await expectAccessible(page, `product dialog with errors (${viewport})`);

    await dialog.getByLabel('Product Name').fill(name);
    await dialog.getByLabel('Brand').fill('Dexcom');
    await dialog.getByLabel('Buyback Price ($)').fill('-1');
    await dialog.getByLabel('Product Type').selectOption('Other');
    await dialog.getByLabel('Box Count (optional)').fill('10');
    await dialog.getByLabel('Description (optional)').fill('Sealed sensors, added by the e2e test');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText(m.pricePositive, { exact: true }).waitFor();
    await dialog.getByText(m.expirationRequired, { exact: true }).waitFor();
    await dialog.getByLabel('Buyback Price ($)').fill('17.25');
    await dialog.getByLabel('Expiration Months').selectOption('6');

    const file = dialog.getByLabel('Product image file');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByText(m.uploadFailedReason.replace('{reason}', m.imageOnly), { exact: true }).waitFor();
    await file.setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: solidPng(32) });
    const preview = dialog.getByRole('img', { name: 'Uploaded product preview' });
    await preview.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.admin-products-image__preview');
      return Boolean(img?.complete && img.naturalWidth === 32);
    });
    expect(await dialog.getByText(m.imageOnly).count()).toBe(0);
    await expectAccessible(page, `product dialog with an image (${viewport})`);

    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Product "${name}" added.`).waitFor();
    await productItem(page, viewport, name).waitFor();

    const created = await publicProduct(name);
    expect(created).toMatchObject({
      brand: 'Dexcom',
      buybackPrice: 17.25,
      productType: 'Other',
      expirationMonths: 6,
      boxCount: 10,
      inStock: true,
    });
    expect(created!.imageUrl).toMatch(/^\/images\/products\/[0-9a-f]+-\d+\.png$/);
    productId = created!.id;
    imageUrl = created!.imageUrl!;
  });

  // The product on the storefront: nothing there branches on the viewport for it, so desktop only.
  if (viewport === 'desktop') {
    it('shows the new product on the storefront, image included', async () => {
      await page.goto(site(`/products?q=${encodeURIComponent(name)}`));
      const card = page.getByTestId('product-card').filter({ hasText: name });
      await card.waitFor();
      expect(await card.textContent()).toContain(formatMoney(17.25));
      await page.waitForFunction((src) => {
        const img = Array.from(document.images).find((i) => i.getAttribute('src')?.endsWith(src));
        return Boolean(img?.complete && img.naturalWidth === 32);
      }, imageUrl);
    });
  }

  it('edits the product; the storefront shows the new price', async () => {
    await openAdminProducts(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    const item = productItem(page, viewport, name);
    await item.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Product Name').inputValue()).toBe(name);
    expect(await dialog.getByLabel('Expiration Months').inputValue()).toBe('6');
    await dialog.getByRole('img', { name: 'Uploaded product preview' }).waitFor();
    await dialog.getByLabel('Buyback Price ($)').fill('19.5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Product "${name}" saved.`).waitFor();
    expect(await item.textContent()).toContain(formatMoney(19.5));

    const updated = await publicProduct(name);
    expect(updated).toMatchObject({ id: productId, buybackPrice: 19.5, imageUrl });
    await page.goto(site(productPath(updated!)));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText(formatMoney(19.5)).first().waitFor();
    await expectAccessible(page, `storefront product after edit (${viewport})`);
  });

  it('deletes the product after asking; it leaves the storefront and its image goes', async () => {
    await openAdminProducts(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    const item = productItem(page, viewport, name);
    const deleteButton = item.getByRole('button', { name: `Delete ${name}` });
    await deleteButton.click();
    let confirm = page.getByRole('dialog', { name: 'Delete Product' });
    await confirm.getByText(m.confirmDelete).waitFor();
    await expectAccessible(page, `delete confirmation (${viewport})`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await deleteButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await publicProduct(name)).toBeDefined();

    await deleteButton.click();
    confirm = page.getByRole('dialog', { name: 'Delete Product' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Product "${name}" deleted.`).waitFor();
    await page.getByText(m.empty).waitFor();
    expect(await publicProduct(name)).toBeUndefined();
    expect((await fetch(site(imageUrl))).status).toBe(404);

    await page.goto(site(`/products?q=${encodeURIComponent(name)}`));
    // The list has loaded and been searched: its empty state names the query.
    await page.getByText(catalogueMessages.emptyForQuery(name)).waitFor();
    expect(await page.getByTestId('product-card').filter({ hasText: name }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the products page when the API fails', () => {
  it('shows the spec error with Try Again, which loads the list; a refused save shows the server field message', async () => {
    const page = await newPage(browser, 'desktop');
    await signInAsStaff(page);
    let fail = true;
    await page.route('**/api/admin/products', (route) =>
      fail ? route.fulfill({ status: 500, body: '{}' }) : route.fallback(),
    );
    await page.goto(site('/admin/products'));
    await page.getByText(m.loadError).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'products load error');
    fail = false;
    await page.getByRole('button', { name: m.tryAgain }).click();
    await page.getByText(/^Showing \d+ of \d+ products$/).waitFor();

    // A save the server refuses: its field message under the field, the spec's alert, the dialog still open.
    await page.route('**/api/admin/products', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'validation', message: m.nameTooLong, fields: { name: m.nameTooLong } },
            }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Product Name').fill('Refused by the server');
    await dialog.getByLabel('Brand').fill('Contour');
    await dialog.getByLabel('Buyback Price ($)').fill('5');
    await dialog.getByLabel('Product Type').selectOption('CGM');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByRole('alert').filter({ hasText: m.saveFailed }).waitFor();
    const nameError = await dialog.getByLabel('Product Name').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${nameError}"]`).textContent()).toBe(m.nameTooLong);
    await expectAccessible(page, 'product dialog with a server error');
    await page.context().close();
  });
});
