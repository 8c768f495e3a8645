/**
 * The CloudFront function that picks the page of an address (build/site-pages.ts), run as CloudFront
 * would run it (and the local stack does), over a web build with pages of their own for three routes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileRewrite, routePagesIn, spaRewrite } from '../../build/site-pages';

const webDir = mkdtempSync(join(tmpdir(), 'route-pages-'));
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

function page(path: string) {
  mkdirSync(join(webDir, path), { recursive: true });
  writeFileSync(join(webDir, path, 'index.html'), '<!doctype html>');
}

beforeAll(() => {
  writeFileSync(join(webDir, 'index.html'), '<!doctype html>');
  page('products');
  page('products/_');
  page('admin/orders');
  // A folder without a page, and the assets (never a route, whatever they hold).
  mkdirSync(join(webDir, 'admin', 'empty'), { recursive: true });
  page('assets');
});

const rewrite = (uri: string): string => compileRewrite(spaRewrite(routePagesIn(webDir)))(uri);

test('the build pages are the folders holding an index.html, but assets', () => {
  expect(routePagesIn(webDir)).toEqual(['/admin/orders', '/products', '/products/_']);
  expect(routePagesIn(join(webDir, 'missing'))).toEqual([]);
});

test('a route with a page of its own gets it, with or without a trailing slash', () => {
  expect(rewrite('/products')).toBe('/products/index.html');
  expect(rewrite('/products/')).toBe('/products/index.html');
  expect(rewrite('/admin/orders')).toBe('/admin/orders/index.html');
});

test('an address whose parent has a page for its last segment gets it: one page for every product', () => {
  expect(rewrite('/products/onetouch-ultra-1234')).toBe('/products/_/index.html');
  expect(rewrite('/products/onetouch-ultra-1234/')).toBe('/products/_/index.html');
  expect(rewrite('/products/_')).toBe('/products/_/index.html');
  // One segment only, and only where the build has that page.
  expect(rewrite('/products/onetouch/ultra')).toBe('/index.html');
  expect(rewrite('/admin/orders/C7K2M9Q')).toBe('/index.html');
  expect(rewrite('/_')).toBe('/index.html');
});

test('every other client-side route gets index.html; files are left alone', () => {
  for (const uri of ['/', '/admin', '/admin/empty', '/Products', '/__proto__'])
    expect([uri, rewrite(uri)]).toEqual([uri, '/index.html']);
  for (const uri of ['/assets/app-123.js', '/favicon.svg', '/products/index.html'])
    expect(rewrite(uri)).toBe(uri);
});
