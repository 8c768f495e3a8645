/**
 * The local gateway's site (infra/local/gateway.ts): it picks an address's page with CloudFront's own function
 * (build/site-pages.ts), over the build as it is now, and says how to build a site that is missing.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway } from '../../infra/local/gateway';

const webRoot = mkdtempSync(join(tmpdir(), 'gateway-site-'));
let gateway: Awaited<ReturnType<typeof startGateway>>;
let origin: string;

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    routes: [],
    webRoot,
    securityHeaders: {},
    extraConnectSources: [],
    log: { line: () => {} },
    accessLog: false,
  });
  origin = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function write(file: string, text: string) {
  mkdirSync(join(webRoot, file, '..'), { recursive: true });
  writeFileSync(join(webRoot, file), text);
}

const get = async (path: string) => {
  const response = await fetch(origin + path);
  return { status: response.status, text: await response.text() };
};

test('with no build, every page says how to make one', async () => {
  const page = await get('/products');
  expect(page.status).toBe(503);
  expect(page.text).toContain('npm run build:web');
});

test("each address gets the page CloudFront's function picks, and files pass through", async () => {
  write('index.html', 'app');
  write('products/index.html', 'catalogue');
  write('products/_/index.html', 'product');
  write('assets/app-12345678.js', 'code');
  expect(await get('/products')).toEqual({ status: 200, text: 'catalogue' });
  expect(await get('/products/onetouch-ultra-1234')).toEqual({ status: 200, text: 'product' });
  expect(await get('/products/a/b')).toEqual({ status: 200, text: 'app' });
  expect(await get('/cart')).toEqual({ status: 200, text: 'app' });
  expect(await get('/assets/app-12345678.js')).toEqual({ status: 200, text: 'code' });
  expect((await get('/assets/missing.js')).status).toBe(404);
});

test('a new build is read again: its pages of its own are served at once', async () => {
  write('cart/index.html', 'cart');
  expect(await get('/cart')).toEqual({ status: 200, text: 'app' });
  // The build writes index.html anew; its time is what tells the gateway.
  const later = new Date(Date.now() + 5_000);
  utimesSync(join(webRoot, 'index.html'), later, later);
  expect(await get('/cart')).toEqual({ status: 200, text: 'cart' });
});
