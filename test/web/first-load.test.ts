/**
 * What a public page's first visit downloads: the back office's strings and schemas load with its own lazy
 * chunks, never with the public pages' first download. Reads dist/web, which `npm test` builds before jest
 * runs (alone: `npm run build:web` first).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as adminMessages from '../../shared/admin-messages';
import { initialWebJs } from '../bench/web-size';

const distWeb = join(__dirname, '..', '..', 'dist', 'web');

/** Every string of the back office's message groups (functions' templates left out: they compile to code). */
const adminStrings = Object.values(adminMessages).flatMap((group) =>
  Object.values(group).filter((v): v is string => typeof v === 'string' && v.length >= 24),
);

test("a public page's first download carries none of the back office's strings", () => {
  const { files } = initialWebJs(distWeb);
  expect(files.length).toBeGreaterThan(1);
  const code = files.map((f) => readFileSync(join(distWeb, f.file), 'utf8')).join('\n');
  expect(adminStrings.length).toBeGreaterThan(100);
  expect(adminStrings.filter((s) => code.includes(s))).toEqual([]);
});

test('the back office still has its strings, in a chunk of its own', () => {
  const assets = join(distWeb, 'assets');
  expect(readFileSync(join(distWeb, 'index.html'), 'utf8')).not.toMatch(/admin-messages/);
  const own = readdirSync(assets).filter((f) => /^admin-messages-.*\.js$/.test(f));
  expect(own).toHaveLength(1);
  const text = readFileSync(join(assets, own[0]), 'utf8');
  expect(adminStrings.every((s) => text.includes(s))).toBe(true);
});

test("nor the schemas no browser uses: EasyPost's webhook event and the label-jobs message", () => {
  const { files } = initialWebJs(distWeb);
  const code = files.map((f) => readFileSync(join(distWeb, f.file), 'utf8')).join('\n');
  // A key of ZEasyPostEvent and a message of ZLabelJob, which sit in shared/schemas/shipment.ts beside the label
  // schemas the public pages use: the build leaves them out (web/vite.config.ts's pure-schemas plugin).
  for (const unused of ['tracking_details', 'jobId must be a UUID']) expect(code).not.toContain(unused);
});

test('nor the schemas of routes other pages call: a page imports the rows it calls, not the whole table', () => {
  const { files } = initialWebJs(distWeb);
  const code = files.map((f) => readFileSync(join(distWeb, f.file), 'utf8')).join('\n');
  // Checkout's payout patterns (POST /api/orders) and the order view's timeline (POST /api/orders/lookup):
  // built only by the pages that call those routes.
  const built = readdirSync(join(distWeb, 'assets')).filter((f) => f.endsWith('.js'));
  const everything = built.map((f) => readFileSync(join(distWeb, 'assets', f), 'utf8')).join('\n');
  for (const marker of ['T[A-Za-z0-9]{33}', '`label`,`tracking`']) {
    expect(everything).toContain(marker);
    expect(code).not.toContain(marker);
  }
  // The settings every page starts from are in the first download.
  expect(code).toContain('/api/settings');
});

/** The build's pages of their own (web/route-pages.ts): `products/index.html` for /products. */
const routePage = (route: string) => join(route.slice(1), 'index.html');

test("a static route has a page of its own, linking its page's scripts; index.html links none of them", () => {
  const index = readFileSync(join(distWeb, 'index.html'), 'utf8');
  const products = readFileSync(join(distWeb, routePage('/products')), 'utf8');
  const own = /href="\/assets\/catalogue-page-[\w-]+\.js"/;
  expect(products).toMatch(own);
  expect(index).not.toMatch(own);
  // Everything index.html has, and its start-up screen, are there too.
  for (const line of index.split('\n').filter((l) => /<(script|link)/.test(l)))
    expect(products).toContain(line.trim());
  // The start-up screen's message keeps its place, hidden until the app's own first render shows it.
  expect(products).toContain('<p class="loading-state__message--hidden">Initializing application...</p>');
  // The back office's pages link its frame and the page.
  const orders = readFileSync(join(distWeb, routePage('/admin/orders')), 'utf8');
  expect(orders).toMatch(/href="\/assets\/admin-app-[\w-]+\.js"/);
  expect(orders).toMatch(/href="\/assets\/orders-page-[\w-]+\.js"/);
});

test("what the catalogue's pages share comes in one chunk each, not a chunk per module", () => {
  const index = readFileSync(join(distWeb, 'index.html'), 'utf8');
  const scripts = (page: string) =>
    [...page.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([\w-]+)-[\w-]{8}\.js"/g)]
      .filter((m) => !index.includes(m[0]))
      .map((m) => m[1])
      .sort();
  const read = (route: string) => readFileSync(join(distWeb, routePage(route)), 'utf8');
  expect(scripts(read('/products'))).toEqual(['catalogue-kit', 'catalogue-page', 'form-kit']);
  expect(scripts(read('/products/_'))).toEqual(['catalogue-kit', 'product-page']);
  expect(scripts(read('/contact'))).toEqual(
    expect.arrayContaining(['contact-page', 'form-kit', 'react-hook-form']),
  );
});

test('a route ending in a parameter has one page for all its addresses, under `_`', () => {
  const product = readFileSync(join(distWeb, routePage('/products/_')), 'utf8');
  expect(product).toMatch(/href="\/assets\/product-page-[\w-]+\.js"/);
  expect(product).not.toMatch(/catalogue-page/);
  const order = readFileSync(join(distWeb, routePage('/admin/orders/_')), 'utf8');
  expect(order).toMatch(/href="\/assets\/admin-app-[\w-]+\.js"/);
  expect(order).toMatch(/href="\/assets\/order-detail-page-[\w-]+\.js"/);
});

test("nor does a public route's own page: its first download carries none of the back office's strings", () => {
  for (const route of [
    '/products',
    '/cart',
    '/checkout',
    '/order-status',
    '/contact',
    '/faq',
    '/how-it-works',
  ]) {
    const { files } = initialWebJs(distWeb, routePage(route));
    const code = files.map((f) => readFileSync(join(distWeb, f.file), 'utf8')).join('\n');
    expect([route, adminStrings.filter((s) => code.includes(s))]).toEqual([route, []]);
  }
});
