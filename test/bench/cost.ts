/**
 * `BENCH_PARTS=cost npm run bench`: what one order costs in AWS terms, counted on the local stack with the cost
 * meter on (cost-meter.ts). One order's whole life is played over HTTP, phase by phase: after each
 * phase the bench waits for the queues, the outbox relay and the workers to go quiet, then reads the meter and
 * starts a new count. One order is played first to warm every function (its counts are not kept), then
 * BENCH_COST_ORDERS orders (3 by default) are measured and averaged.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { checkoutBody } from '../support/checkout.js';
import type { LocalStackInfo } from '../support/local-stack-process.js';
import { asClient, newClientIp } from '../support/stack.js';
import type { CostCounts } from './cost-meter.js';
import { type CostReport, costReport, type FlowCounts, type TemplateFacts } from './cost-model.js';
import { staffToken } from './list-bench.js';

const ORDERS = Number(process.env.BENCH_COST_ORDERS ?? 3);

/** The phases of one order's life, in order; each is counted on its own. */
export const PHASES = ['browse', 'checkout', 'label', 'sellerViews', 'tracking', 'staff', 'payment'] as const;
type Phase = (typeof PHASES)[number];

interface Context {
  info: LocalStackInfo;
  token: string;
  /** API requests made through the site origin (CloudFront in AWS), by phase. */
  apiRequests: Record<Phase, number>;
  /** Bytes of the API's answers. */
  apiBytes: number;
}

async function meter(info: LocalStackInfo, reset: boolean): Promise<CostCounts> {
  const res = await fetch(`${info.urls.site}/__local/cost/meter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reset }),
  });
  if (!res.ok) {
    throw new Error(
      `The cost meter answered ${res.status}: the stack must run with LOCAL_STACK_HOOKS=test/bench/cost-meter.ts (run.ts sets it for the cost part)`,
    );
  }
  return (await res.json()) as CostCounts;
}

/** Work that is still going on: invocations, DynamoDB requests, messages sent and received. */
const activity = (c: CostCounts) =>
  Object.values(c.lambda).reduce((s, f) => s + f.invocations, 0) +
  Object.values(c.dynamodb.requests).reduce((s, n) => s + n, 0) +
  c.sqs.messagesSent +
  c.sqs.receivesWithMessages;

/** Waits until `done` holds and then until nothing moves for three reads in a row (the async tail is over). */
async function settle(info: LocalStackInfo, done: () => Promise<boolean> = async () => true) {
  const deadline = Date.now() + 90_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('cost bench: a phase did not finish within 90 s');
    await sleep(250);
  }
  let last = -1;
  let still = 0;
  while (still < 3) {
    const now = activity(await meter(info, false));
    still = now === last ? still + 1 : 0;
    last = now;
    await sleep(500);
  }
}

async function call<T = Record<string, unknown>>(
  ctx: Context,
  phase: Phase,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  ctx.apiRequests[phase] += 1;
  const res = await fetch(`${ctx.info.urls.site}${path}`, {
    method,
    headers: {
      ...asClient(newClientIp()),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  ctx.apiBytes += Buffer.byteLength(text);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  if (res.status >= 400) throw new Error(`cost bench: ${method} ${path} answered ${res.status}: ${text}`);
  return { status: res.status, body: parsed as T };
}

const staff = (ctx: Context) => ({ authorization: `Bearer ${ctx.token}` });

async function mailCount(info: LocalStackInfo, to: string): Promise<number> {
  const store = (await (await fetch(info.urls.mailStore)).json()) as {
    emails: Array<{ destination: { to: string[] } }>;
  };
  return store.emails.filter((e) => e.destination.to.some((t) => t.toLowerCase() === to)).length;
}

/** A PNG of `bytes` bytes (a signature and padding: the upload checks only the first bytes). */
const photo = (bytes: number) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
    randomBytes(bytes - 33),
  ]);

/** One order's life; answers the counts of each phase. */
async function oneOrder(ctx: Context, productId: string) {
  const { info } = ctx;
  const counts = {} as Record<Phase, CostCounts>;
  const take = async (phase: Phase) => {
    counts[phase] = await meter(info, true);
  };
  await meter(info, true);

  // A visitor browses: settings, the catalogue, one product page (the SPA asks for them).
  await call(ctx, 'browse', 'GET', '/api/settings');
  await call(ctx, 'browse', 'GET', '/api/products');
  await call(ctx, 'browse', 'GET', `/api/products/${productId}`);
  await settle(info);
  await take('browse');

  // Checkout; the confirmation e-mail goes out through the outbox relay and the e-mail worker.
  const email = `cost-${randomUUID().slice(0, 8)}@example.com`;
  const order = (
    await call<{ orderId: string; accessToken: string }>(
      ctx,
      'checkout',
      'POST',
      '/api/orders',
      checkoutBody(email, [{ productId, quantity: 2 }]),
      { 'idempotency-key': randomUUID() },
    )
  ).body;
  await settle(info, async () => (await mailCount(info, email)) >= 1);
  await take('checkout');

  // 'Generate Shipping Label': the label worker buys it through the queue; the page then shows it.
  await call(ctx, 'label', 'POST', `/api/orders/${order.orderId}/label`, { token: order.accessToken });
  const labelPath = `/api/orders/${order.orderId}/label?${new URLSearchParams({ token: order.accessToken })}`;
  await settle(info, async () => {
    const c = await meter(info, false);
    return Object.entries(c.lambda).some(
      ([name, f]) => /label/i.test(name) && /worker/i.test(name) && f.invocations > 0,
    );
  });
  const label = (await call<{ state: string; trackingNumber: string | null }>(ctx, 'label', 'GET', labelPath))
    .body;
  if (label.state !== 'purchased' || !label.trackingNumber)
    throw new Error(`cost bench: the label is ${JSON.stringify(label)}`);
  await take('label');

  // The seller opens the label page and the QR page (each reads the shipment), the confirmation link, and
  // looks the order up with its number and e-mail.
  await call(ctx, 'sellerViews', 'GET', labelPath);
  await call(ctx, 'sellerViews', 'GET', labelPath);
  await call(
    ctx,
    'sellerViews',
    'GET',
    `/api/orders/by-token?${new URLSearchParams({ token: order.accessToken })}`,
  );
  await call(ctx, 'sellerViews', 'POST', '/api/orders/lookup', { orderNumber: order.orderId, email });
  await settle(info);
  await take('sellerViews');

  // EasyPost's tracking webhooks: in transit, then delivered.
  for (const status of ['in_transit', 'delivered']) {
    const res = await fetch(`${info.urls.easypost}/__control/trackers/${label.trackingNumber}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    if (!res.ok) throw new Error(`cost bench: tracker ${status}: ${res.status} ${await res.text()}`);
    // The webhook's request reaches CloudFront too.
    ctx.apiRequests.tracking += 1;
    await settle(info);
  }
  await take('tracking');

  // Staff: the dashboard, the order list, the order and its label, one photo of the box, 'received'.
  const s = staff(ctx);
  await call(ctx, 'staff', 'GET', '/api/admin/session', undefined, s);
  await call(ctx, 'staff', 'GET', '/api/admin/dashboard', undefined, s);
  await call(ctx, 'staff', 'GET', '/api/admin/orders?page=1&pageSize=25', undefined, s);
  await call(ctx, 'staff', 'GET', `/api/admin/orders/${order.orderId}`, undefined, s);
  await call(ctx, 'staff', 'GET', `/api/admin/orders/${order.orderId}/label`, undefined, s);
  const bytes = photo(300 * 1024);
  const uploads = (
    await call<{ uploads: Array<{ imageId: string; url: string; fields: Record<string, string> }> }>(
      ctx,
      'staff',
      'POST',
      `/api/admin/orders/${order.orderId}/images/uploads`,
      { files: [{ filename: 'box.png', contentType: 'image/png', size: bytes.length }] },
      s,
    )
  ).body.uploads;
  for (const upload of uploads) {
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'box.png');
    const res = await fetch(upload.url, { method: 'POST', body: form });
    if (res.status >= 300) throw new Error(`cost bench: photo upload ${res.status} ${await res.text()}`);
  }
  await call(
    ctx,
    'staff',
    'POST',
    `/api/admin/orders/${order.orderId}/images`,
    { imageIds: uploads.map((u) => u.imageId) },
    s,
  );
  await call(ctx, 'staff', 'POST', `/api/admin/orders/${order.orderId}/status`, { status: 'processing' }, s);
  await settle(info);
  await take('staff');

  // Payment: logged, the order completed (the completion e-mail), and an SMS to the seller.
  const total = (
    await call<{ totalAmount?: number; total_amount?: number }>(
      ctx,
      'payment',
      'GET',
      `/api/admin/orders/${order.orderId}`,
      undefined,
      s,
    )
  ).body;
  const amount = Number(total.totalAmount ?? total.total_amount ?? 10) || 10;
  await call(
    ctx,
    'payment',
    'POST',
    `/api/admin/orders/${order.orderId}/payments`,
    { amount, method: 'check' },
    s,
  );
  const mailsBeforeCompletion = await mailCount(info, email);
  await call(ctx, 'payment', 'POST', `/api/admin/orders/${order.orderId}/status`, { status: 'completed' }, s);
  await call(
    ctx,
    'payment',
    'POST',
    '/api/admin/sms/send',
    { recipients: '+15005550006', message: `Your payment for order ${order.orderId} has been sent.` },
    s,
  );
  await settle(info, async () => (await mailCount(info, email)) > mailsBeforeCompletion);
  await take('payment');
  return counts;
}

/** Staff's SMS settings, as the back office saves them (not measured: once per shop, not per order). */
async function configureSms(ctx: Context) {
  const s = staff(ctx);
  const save = (body: unknown) => call(ctx, 'staff', 'PATCH', '/api/admin/sms/settings', body, s);
  await save({ accountSid: `AC${randomBytes(16).toString('hex')}` });
  await save({ authToken: randomBytes(16).toString('hex') });
  await save({ phoneNumber: '+15005550006', isEnabled: true });
}

/** What the synthesized template holds that is billed by the month, as the meter read it. */
function templateFacts(counts: CostCounts): TemplateFacts {
  const t = counts.template;
  if (!t) throw new Error('cost bench: the meter did not describe the template');
  const n = (type: string) => t.resources[type] ?? 0;
  return {
    alarms: n('AWS::CloudWatch::Alarm'),
    alarmMetrics: t.alarmMetrics,
    alarmIds: t.alarmIds,
    secrets: n('AWS::SecretsManager::Secret'),
    kmsKeys: n('AWS::KMS::Key'),
    queues: n('AWS::SQS::Queue'),
    eventSourceMappings: t.queueEventSourceMappings,
    functions: n('AWS::Lambda::Function'),
    armFunctions: t.armFunctions,
  };
}

/** The site's static files a visit downloads: index.html and what it loads at once, and the rest (lazy). */
function webAssets(root: string) {
  const dist = join(root, 'dist', 'web');
  const html = readFileSync(join(dist, 'index.html'));
  const refs = [...html.toString().matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+)"/g)].map(
    (m) => m[1].slice(1),
  );
  const initial = [...new Set(refs)];
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const lazy = readdirSync(join(dist, 'assets'))
    .map((f) => `assets/${f}`)
    .filter((f) => !initial.includes(f) && /\.(js|css)$/.test(f));
  return {
    htmlGzipBytes: gzipSync(html, { level: 9 }).length,
    initialFiles: initial.length,
    initialGzipBytes: initial.reduce((s, f) => s + gz(f), 0),
    lazyFiles: lazy.length,
    lazyGzipBytes: lazy.reduce((s, f) => s + gz(f), 0),
  };
}

/** The catalogue's images: how many the list shows and their average size (CloudFront /images/*). */
async function catalogueImages(info: LocalStackInfo, products: Array<{ imageUrl?: string | null }>) {
  const urls = products.map((p) => p.imageUrl).filter((u): u is string => !!u);
  let bytes = 0;
  for (const url of urls.slice(0, 10)) {
    const res = await fetch(new URL(url, info.urls.site));
    bytes += (await res.arrayBuffer()).byteLength;
  }
  return {
    count: urls.length,
    averageBytes: urls.length ? Math.round(bytes / Math.min(10, urls.length)) : 0,
  };
}

const sumCounts = (runs: Array<Record<Phase, CostCounts>>): FlowCounts => {
  const phases = {} as FlowCounts['phases'];
  for (const phase of PHASES) phases[phase] = runs.map((r) => r[phase]);
  return { orders: runs.length, phases };
};

export async function benchCost(info: LocalStackInfo, root: string): Promise<CostReport> {
  const { products } = (await (await fetch(`${info.urls.site}/api/products`)).json()) as {
    products: Array<{ id: string; name: string; inStock?: boolean; imageUrl?: string | null }>;
  };
  const product = products.find((p) => p.inStock !== false) ?? products[0];
  const apiRequests = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
  const ctx: Context = { info, token: await staffToken(info), apiRequests, apiBytes: 0 };
  await configureSms(ctx);
  // Warm-up: every function's container starts here, as it would on a shop already running.
  await oneOrder(ctx, product.id);
  for (const phase of PHASES) apiRequests[phase] = 0;
  ctx.apiBytes = 0;
  const runs: Array<Record<Phase, CostCounts>> = [];
  for (let i = 0; i < ORDERS; i++) runs.push(await oneOrder(ctx, product.id));
  return costReport({
    flow: sumCounts(runs),
    apiRequestsPerOrder: Object.fromEntries(PHASES.map((p) => [p, apiRequests[p] / ORDERS])) as Record<
      Phase,
      number
    >,
    apiBytesPerOrder: ctx.apiBytes / ORDERS,
    template: templateFacts(await meter(info, false)),
    web: webAssets(root),
    images: await catalogueImages(info, products),
  });
}
