/**
 * @local-stack exclusive: it adds hundreds of products and counts the pages of the whole catalogue.
 */
/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEFAULT_PRODUCT_PAGE_SIZE, PRODUCT_IMPORT_CHUNK_ROWS } from '../../shared/constants';
import { adminProductMessages as m } from '../../shared/messages';
import { PRODUCT_CSV_COLUMNS } from '../../shared/rules/product-csv';
import type { Product } from '../../shared/schemas/product';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { catalogue } from '../support/checkout';
import { deleteItems, productItemKeys } from '../support/db';
import { stack } from '../support/stack';
import { waitFor } from '../support/wait';

jest.setTimeout(300_000);

/** Every product this file creates carries this brand, so they can be removed afterwards. */
const BRAND = `CSV E2E ${randomUUID().slice(0, 8)}`;
/** A large file: more rows than one request takes, so the import goes in chunks and shows its progress. */
const BULK_ROWS = PRODUCT_IMPORT_CHUNK_ROWS + 100;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
// The catalogue is shared with the other files' stack (the storefront lists it): what this file created goes.
afterAll(async () => {
  await browser?.close();
  await deleteItems(productItemKeys((await catalogue()).filter((p: Product) => p.brand === BRAND)));
});

/**
 * How many `items` there are once their number is `expected`, or after 10 s: the list kit draws a new page of
 * rows in a transition, a moment after the click or the typing that asked for it, so a count read at once can
 * still be the page before's (it was, on a loaded machine).
 */
async function countOnceSettled(items: Locator, expected: number): Promise<number> {
  const end = Date.now() + 10_000;
  let count = await items.count();
  while (count !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await items.count();
  }
  return count;
}

/** The catalogue's size as the products page states it, once it is more than `over`. */
function catalogueCountOnPage(page: Page, over: number): Promise<number> {
  const line = page.getByText(/^Showing \d+ of \d+ products$/);
  const count = async () => Number(/of (\d+)/.exec((await line.textContent()) ?? '')?.[1]);
  return waitFor(`a catalogue of more than ${over} products`, count, (all) => all > over, 30_000);
}

/** Picks a file through the 'Import CSV' button, as staff would (the button opens the file chooser). */
async function importFile(page: Page, name: string, text: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import CSV' }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

const report = (page: Page) => page.getByTestId('csv-report');
const total = (page: Page, label: string) =>
  report(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

// The export, the import back, the refused files and the large import do not branch on the viewport: desktop only.
// On a phone too: the import report (nothing scrolls sideways) and the large catalogue's pages (cards instead of
// the table), over the products the desktop's large import left.
describe.each<ViewportName>(['desktop', 'mobile'])('products CSV on %s', (viewport) => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, viewport);
    await signInAsStaff(page);
    await page.goto(`${stack().urls.site}/admin/products`);
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  if (viewport === 'desktop') {
    it('exports products.csv with the spec columns and the catalogue in it', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('products.csv');
      const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
      const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
      expect(header).toEqual([...PRODUCT_CSV_COLUMNS]);
      const products = await catalogue();
      expect(rows.length).toBeGreaterThanOrEqual(products.filter((p) => p.brand !== BRAND).length);
      expect(text).toContain(products[0].name);
    });

    it('imports the exported file back and reports every row unchanged', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const text = await readFile((await download.path())!, 'utf8');
      // Records, not text lines: descriptions may hold line breaks.
      const rows = Papa.parse(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data.length - 1;
      await importFile(page, 'products.csv', text);
      await report(page).getByRole('heading', { name: 'Import report' }).waitFor();
      expect(await total(page, 'Unchanged').textContent()).toBe(rows.toLocaleString('en-US'));
      expect(await total(page, 'Created').textContent()).toBe('0');
      expect(await total(page, 'Updated').textContent()).toBe('0');
      expect(await total(page, 'Refused').textContent()).toBe('0');
      await expect(report(page).getByRole('alert').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Close report' }).click();
      await expect(report(page).count()).resolves.toBe(0);
    });
  }

  it('imports a file with one broken row: the good row is created, the broken one reported by line', async () => {
    const name = `Imported ${viewport} ${randomUUID().slice(0, 8)}`;
    const text = [
      'Product ID,Product,Description,Brand,Type,Boxcount,Price',
      `,${name},From the e2e test,${BRAND},cgm,2,12.50`,
      `,,No name here,${BRAND},CGM,,3`,
    ].join('\r\n');
    await importFile(page, 'new-products.csv', text);
    const heading = report(page).getByRole('heading', { name: 'Import report' });
    await heading.waitFor();
    // Focus moves to the report, so it is read out once the import ends.
    await expect(heading.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await report(page).getByRole('alert').filter({ hasText: m.importSomeFailed }).waitFor();
    expect(await total(page, 'Created').textContent()).toBe('1');
    expect(await total(page, 'Refused').textContent()).toBe('1');
    const refused = report(page).getByRole('table', { name: 'Refused rows' }).getByRole('row');
    expect(await refused.nth(1).getByRole('cell').allTextContents()).toEqual(['3', m.nameRequired]);

    const created = (await catalogue()).filter(
      (p) => p.brand === BRAND && p.description === 'From the e2e test',
    );
    expect(created.map((p) => p.name)).toContain(name);
    expect(created.find((p) => p.name === name)).toMatchObject({ productType: 'CGM', buybackPrice: 12.5 });
    expect((await catalogue()).some((p) => p.description === 'No name here')).toBe(false);

    await expectAccessible(page, `products CSV report (${viewport})`);
    // Nothing on the page scrolls sideways at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageErrors(page)).toEqual([]);
  });

  if (viewport === 'desktop') {
    it('shows the spec messages for a file that is not CSV and one whose columns do not map', async () => {
      await importFile(page, 'notes.txt', 'hello');
      await page.getByRole('alert').filter({ hasText: m.csvNotCsv }).waitFor();
      await importFile(page, 'wrong.csv', 'Name,Cost\r\nStrips,3');
      await page.getByRole('alert').filter({ hasText: m.csvMapping }).waitFor();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Missing columns: Product, Brand, Type, Price' })
        .waitFor();
      await importFile(page, 'broken.csv', 'Product,Brand,Type,Price\r\n"Unclosed,B,CGM,1\r\n');
      await page.getByRole('alert').filter({ hasText: m.csvParse }).waitFor();
      await expectAccessible(page, `products CSV error (${viewport})`);
    });
  }

  if (viewport === 'desktop') {
    // Near the end: the catalogue is large from here on, for both viewports' pages.
    it('shows progress while a large file is imported, in a progress bar and a live region', async () => {
      // Only the required columns, line feeds only: a file another tool wrote.
      const rows = Array.from(
        { length: BULK_ROWS },
        (_, i) => `Bulk ${i},${BRAND},${i % 2 ? 'CGM' : 'Test Strips'},${(i % 40) + 1}`,
      );
      const of = BULK_ROWS.toLocaleString('en-US');
      await importFile(page, 'bulk.csv', ['Product,Brand,Type,Price', ...rows].join('\n'));
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`^Importing… [\\d,]+ of ${of} rows$`) })
        .waitFor();
      await page.getByRole('progressbar', { name: /Importing…/ }).waitFor();
      await report(page).getByRole('heading', { name: 'Import report' }).waitFor({ timeout: 60_000 });
      expect(await total(page, 'Created').textContent()).toBe(of);
      expect(await total(page, 'Refused').textContent()).toBe('0');
    });
  }

  it('pages the large catalogue, and shows a product just added on its page', async () => {
    // The product's row on a wide page, its card on a phone (the other form is not displayed).
    const items =
      viewport === 'desktop'
        ? page.getByRole('table', { name: 'Products' }).locator('tbody').getByRole('row')
        : page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    const pages = page.getByRole('navigation', { name: 'Products pages' });
    await pages.waitFor();
    // The page reloads the catalogue once the import has answered, and shows the count it had until then: wait
    // for one that holds the import before reading it.
    const all = await catalogueCountOnPage(page, BULK_ROWS);
    await expect(countOnceSettled(items, DEFAULT_PRODUCT_PAGE_SIZE)).resolves.toBe(DEFAULT_PRODUCT_PAGE_SIZE);
    const last = Math.ceil(all / DEFAULT_PRODUCT_PAGE_SIZE);
    await pages.getByRole('button', { name: `Page ${last}`, exact: true }).click();
    const onLast = all - (last - 1) * DEFAULT_PRODUCT_PAGE_SIZE;
    await expect(countOnceSettled(items, onLast)).resolves.toBe(onLast);
    await page.getByLabel('Products per page').selectOption('100');
    await expect(countOnceSettled(items, 100)).resolves.toBe(100);
    await expectAccessible(page, `products pages (${viewport})`);

    // Back on the first page, a product added goes last in productid order: the page holding it is shown.
    await page.getByLabel('Products per page').selectOption(String(DEFAULT_PRODUCT_PAGE_SIZE));
    const name = `Paged ${viewport} ${randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Product Name').fill(name);
    await dialog.getByLabel('Brand').fill(BRAND);
    await dialog.getByLabel('Buyback Price ($)').fill('4');
    await dialog.getByLabel('Product Type').selectOption('CGM');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText(`Product "${name}" added.`).waitFor();
    await items.filter({ hasText: name }).waitFor();
    await expect(pages.locator('[aria-current="page"]').textContent()).resolves.toBe(
      `Page ${Math.ceil((all + 1) / DEFAULT_PRODUCT_PAGE_SIZE)}`,
    );

    // A search goes back to the first page of what matches.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(`Bulk ${BULK_ROWS - 1}`);
    await expect(countOnceSettled(items, 1)).resolves.toBe(1);
    await expect(countOnceSettled(pages, 0)).resolves.toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
