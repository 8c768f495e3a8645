/**
 * The local gateway's site (infra/local/gateway.ts): it picks an address's page with CloudFront's own function
 * (build/site-pages.ts), over the build as it is now, and says how to build a site that is missing;
 * files are compressed and cached as CloudFront serves them, every answer carries the distribution's headers.
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
    securityHeaders: { 'content-security-policy': "default-src 'self'" },
    extraConnectSources: ['http://localhost:9229'],
    controls: {
      echo: async (body) => ({ got: body }),
    },
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

test('files are compressed as the browser accepts, cached by kind, and revalidated by ETag', async () => {
  write('assets/big-abcdef12.js', 'const x = 1;\n'.repeat(500));
  const url = `${origin}/assets/big-abcdef12.js`;
  for (const [accept, encoding] of [
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ]) {
    const res = await fetch(url, { headers: { 'accept-encoding': accept as string } });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(await res.text()).toBe('const x = 1;\n'.repeat(500));
  }
  const res = await fetch(url);
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
  const etag = res.headers.get('etag') ?? '';
  expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  const page = await fetch(`${origin}/products`);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('content-security-policy')).toBe(
    "default-src 'self'; connect-src 'self' http://localhost:9229",
  );
  expect((await fetch(`${origin}/cart`, { method: 'POST' })).status).toBe(405);
  const head = await fetch(url, { method: 'HEAD' });
  expect([head.status, head.headers.get('cache-control'), await head.text()]).toEqual([
    200,
    'public, max-age=31536000, immutable',
    '',
  ]);
});

test('a local control takes JSON and answers JSON; an unknown one is 404', async () => {
  const post = (path: string, body: string) => fetch(`${origin}/__local/${path}`, { method: 'POST', body });
  const ok = await post('echo', '{"a":1}');
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({ got: { a: 1 } });
  expect((await post('echo', 'not json')).status).toBe(400);
  expect((await fetch(`${origin}/__local/echo`)).status).toBe(405);
  expect((await post('nothing', '{}')).status).toBe(404);
});

test('the API answers 404 for a route the template does not have, with its request id', async () => {
  const res = await fetch(`${origin}/api/nothing`);
  expect(res.status).toBe(404);
  expect(res.headers.get('apigw-requestid')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
});
