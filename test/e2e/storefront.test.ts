/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { productIdFromSlug, productPath } from '../../shared/rules/slug';
import type { Product } from '../../shared/schemas/product';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { api, stack } from '../support/stack';

jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;
const cards = (page: Page) => page.getByTestId('product-card');
const countLine = (page: Page) => page.locator('.results-toolbar__count');

/** Titles are set after render: wait for the expected one rather than reading too early. */
async function waitForTitle(page: Page, pattern: RegExp) {
  await page
    .waitForFunction((source) => new RegExp(source).test(document.title), pattern.source)
    .catch(async () => {
      throw new Error(`Title ${JSON.stringify(await page.title())} never matched ${pattern}`);
    });
}

/** On a phone the filter panel sits behind the bottom bar's Filters button. */
async function chooseBrand(page: Page, viewport: ViewportName, brand: string) {
  if (viewport === 'mobile') {
    await page
      .getByTestId('catalogue-mobile-bar')
      .getByRole('button', { name: /Filters/ })
      .click();
  }
  await page.getByLabel('Brand').selectOption(brand);
  if (viewport === 'mobile') await page.getByRole('button', { name: 'Close filters' }).click();
}

describe.each<ViewportName>(['desktop', 'mobile'])('storefront as a visitor on %s', (viewport) => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, viewport);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('home: every section, payout methods from settings, accessible', async () => {
    await page.goto(site('/'));
    await waitForTitle(page, /^Home \| /);
    await page.getByRole('link', { name: 'Sell Now' }).waitFor();
    for (const heading of ['Check Eligibility', 'Get a Quote', 'Ship for Free', 'Get Paid Fast']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    await page.getByRole('heading', { name: 'Traditional Methods' }).waitFor();
    await page.getByText('(5-7 days delivery)').waitFor();
    await expectAccessible(page, `home (${viewport})`);
  });

  it('catalogue: grouped list, brand filter with chip, clear all, search synced with q', async () => {
    await page.getByRole('link', { name: 'Sell Now' }).click();
    await page.waitForURL(/\/products$/);
    await cards(page).first().waitFor();
    await waitForTitle(page, /^Sell Test Strips \| /);
    const total = await cards(page).count();
    expect(total).toBeGreaterThanOrEqual(20);
    expect(await countLine(page).textContent()).toBe(`${total} products found`);
    await page.getByRole('region', { name: 'OneTouch' }).getByText('Most Popular').waitFor();
    await expectAccessible(page, `catalogue (${viewport})`);

    await chooseBrand(page, viewport, 'Dexcom');
    await page.waitForFunction(() =>
      document.querySelector('.results-toolbar__count')?.textContent?.includes(' in Dexcom'),
    );
    const dexcom = await cards(page).allTextContents();
    expect(dexcom.length).toBeGreaterThan(0);
    expect(dexcom.length).toBeLessThan(total);
    for (const text of dexcom) expect(text).toContain('Dexcom');
    await page.getByRole('button', { name: /Remove .*Dexcom/ }).waitFor();
    await expectAccessible(page, `catalogue filtered (${viewport})`);

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="product-card"]').length === n,
      total,
    );

    const search = page.getByLabel('Search products');
    await search.fill('verio');
    await search.press('Enter');
    await page.waitForURL(/[?&]q=verio/);
    await page.waitForFunction(() =>
      document.querySelector('.results-toolbar__count')?.textContent?.includes('matching "verio"'),
    );
    const found = await cards(page).allTextContents();
    expect(found.length).toBeGreaterThan(0);
    for (const text of found) expect(text.toLowerCase()).toContain('verio');

    // The query survives a reload because it lives in the URL.
    await page.reload();
    expect(await page.getByLabel('Search products').inputValue()).toBe('verio');
  });

  it('catalogue: brand, sort and search live in the address, so a reload and Back from a product keep them', async () => {
    await page.goto(site('/products'));
    await cards(page).first().waitFor();
    await chooseBrand(page, viewport, 'OneTouch');
    if (viewport === 'mobile') {
      await page
        .getByTestId('catalogue-mobile-bar')
        .getByRole('button', { name: /Filters/ })
        .click();
    }
    await page.getByLabel('Sort by').selectOption('price-high');
    if (viewport === 'mobile') await page.getByRole('button', { name: 'Close filters' }).click();
    const search = page.getByLabel('Search products');
    await search.fill('verio');
    await search.press('Enter');
    await page.waitForURL(
      (url) =>
        url.searchParams.get('brand') === 'OneTouch' &&
        url.searchParams.get('sort') === 'price-high' &&
        url.searchParams.get('q') === 'verio',
    );
    const expected = 'products found in OneTouch matching "verio"';
    await page.waitForFunction(
      (line) => document.querySelector('.results-toolbar__count')?.textContent?.includes(line),
      expected,
    );
    const shown = await cards(page).allTextContents();
    expect(shown.length).toBeGreaterThan(0);

    /** The same list, the same controls and the same chips as before. */
    const expectApplied = async (when: string) => {
      await page.waitForFunction(
        (line) => document.querySelector('.results-toolbar__count')?.textContent?.includes(line),
        expected,
      );
      expect({ when, cards: await cards(page).allTextContents() }).toEqual({ when, cards: shown });
      expect(await page.getByLabel('Search products').inputValue()).toBe('verio');
      expect(await page.getByLabel('Brand', { exact: true }).inputValue()).toBe('OneTouch');
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price-high');
      await page.getByRole('button', { name: /Remove .*OneTouch/ }).waitFor();
      await page.getByRole('button', { name: /Remove .*High to Low/ }).waitFor();
    };

    await page.reload();
    await expectApplied('after a reload');

    await cards(page).first().getByRole('link').first().click();
    await page.waitForURL((url) => /^\/products\/./.test(url.pathname));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('q') === 'verio');
    await expectApplied('after Back from a product');

    // Removing a chip takes it out of the address too.
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.waitForURL((url) => url.pathname === '/products' && url.search === '');
    expect(await page.getByLabel('Search products').inputValue()).toBe('');
  });

  it('product: a non-canonical slug lands on the canonical one, then add to cart shows the badge', async () => {
    const { body } = await api<{ products: Product[] }>('/api/products');
    const product = body.products.find((p) => p.inStock)!;
    const href = productPath(product);
    const id = productIdFromSlug(href.split('/').pop()!);
    expect(id).toBe(product.id);
    await page.goto(site('/products'));
    await cards(page).first().waitFor();

    await page.goto(site(`/products/Some-OLD--name-${id}`));
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForTitle(page, /^Sell .+ Online \| /);
    // The redirect replaced history: going back leaves the product page for the catalogue, not the old slug.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/products');
    await page.goForward();
    await page.waitForURL((url) => url.pathname === href);

    await page.getByLabel('Quantity (boxes)').selectOption('3');
    await expectAccessible(page, `product (${viewport})`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: 'Go to Cart' }).waitFor();
    await page.getByRole('link', { name: 'Sell More' }).waitFor();
    await page.getByTestId('cart-badge').getByText('3', { exact: true }).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('shopping-cart'));
    expect(JSON.parse(stored!)).toEqual({ items: [expect.objectContaining({ quantity: 3 })] });
    await expectAccessible(page, `product added (${viewport})`);
  });

  it('unknown paths show the 404 page', async () => {
    await page.goto(site('/no-such-page'));
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await expectAccessible(page, `404 (${viewport})`);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('mobile header', () => {
  it('collapses the menu behind a toggle that closes when a link is chosen', async () => {
    const page = await newPage(browser, 'mobile');
    await page.goto(site('/'));
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Track Order' }).click();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('turns translucent once the page has scrolled past its threshold, and back at the top', async () => {
    const page = await newPage(browser, 'mobile');
    await page.goto(site('/'));
    const header = page.locator('header.site-header');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await header.getAttribute('class')).toBe('site-header');
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() =>
      document.querySelector('header.site-header')?.classList.contains('is-scrolled'),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => !document.querySelector('header.site-header')?.classList.contains('is-scrolled'),
    );
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('first load', () => {
  it("starts the page's own download before React has arrived (the preload entry)", async () => {
    const page = await newPage(browser, 'mobile');
    // React and the app are held back until the contact page's chunk has been asked for: the entry script that
    // asks for it needs neither.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/(vendor|app)-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const pageChunk = page.waitForRequest(/\/assets\/contact-page-[\w-]+\.js$/);
    await page.goto(site('/contact'), { waitUntil: 'commit' });
    await pageChunk;
    release();
    await waitForTitle(page, /^Contact Us \| /);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("gets a route's own page from the server, which links its page's scripts: no script adds one", async () => {
    const { body } = await api<{ products: Product[] }>('/api/products');
    const visits = [
      { path: '/products', chunk: /\/assets\/catalogue-page-[\w-]+\.js$/, title: /^Sell Test Strips \| / },
      // A route with a parameter: one page for every product.
      {
        path: productPath(body.products[0]),
        chunk: /\/assets\/product-page-[\w-]+\.js$/,
        title: /^Sell .+ Online \| /,
      },
    ];
    for (const visit of visits) {
      const page = await newPage(browser, 'mobile');
      const response = await page.goto(site(visit.path));
      const served = [
        ...((await response?.text()) ?? '').matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g),
      ].map((m) => new URL(m[1], site('/')).href);
      expect([visit.path, served.some((href) => visit.chunk.test(href))]).toEqual([visit.path, true]);
      await waitForTitle(page, visit.title);
      const linked = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (l) => l.href),
      );
      expect([visit.path, linked.sort()]).toEqual([visit.path, [...new Set(served)].sort()]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
  });

  it('asks for the API answers a page renders from with its scripts, and the page takes them', async () => {
    const { body } = await api<{ products: Product[] }>('/api/products');
    const product = body.products[0];
    const visits = [
      { path: '/products', api: '/api/products', title: /^Sell Test Strips \| / },
      { path: '/cart', api: '/api/products', title: /^Your Cart \| / },
      { path: productPath(product), api: `/api/products/${product.id}`, title: /^Sell .+ Online \| / },
    ];
    for (const visit of visits) {
      const page = await newPage(browser, 'mobile');
      const asked: string[] = [];
      const warnings: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === visit.api) asked.push(request.resourceType());
      });
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.goto(site(visit.path));
      await waitForTitle(page, visit.title);
      // One request, the preload (Chromium types it 'other'): the page's own fetch took its answer.
      expect([visit.path, asked]).toEqual([visit.path, ['other']]);
      expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
  });

  it('asks for the public settings once, with the page (index.html preloads them), and uses that answer', async () => {
    const page = await newPage(browser, 'mobile');
    const settingsRequests: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/settings') settingsRequests.push(request.resourceType());
    });
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(site('/'));
    await waitForTitle(page, /^Home \| /);
    // The payout methods come from the settings: the page has used them.
    await page.getByRole('heading', { name: 'Traditional Methods' }).waitFor();
    // One request, the preload (Chromium types it 'other'): the scripts' fetch (type 'fetch') took its answer.
    expect(settingsRequests).toEqual(['other']);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
