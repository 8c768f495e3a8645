/**
 * `npm run bench`: measures against floors taken in the same run (budgets in ARCHITECTURE.md are ratios,
 * because absolute times drift on shared machines) and writes bench-report.json. Never asserted in tests.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { product } from '../../functions/lib/entities.js';
import { buildFunctions } from '../../infra/build-functions.js';
import { HOOKS_ENV } from '../../infra/local/hooks.js';
import { productPath } from '../../shared/rules/slug.js';
import { paths } from '../../web/src/paths.js';
import { fillLogin } from '../support/admin-browser.js';
import { checkoutBody } from '../support/checkout.js';
import {
  type LocalStackInfo,
  startLocalStackProcess,
  stopLocalStackProcess,
} from '../support/local-stack-process.js';
import { benchBackOffice } from './back-office.js';
import {
  buildBareBundle,
  initTimesMs,
  pairedInitTimes,
  providersOf,
  rel,
  sdkPackagesOf,
  sizeOf,
} from './bundles.js';
import { benchCheckout, loadCheckouts } from './checkout.js';
import { benchCost } from './cost.js';
import { costTables } from './cost-model.js';
import { benchCustomers } from './customers.js';
import { LIGHTHOUSE_BUDGET, lighthouseScores } from './lighthouse.js';
import { loadBareGetItem, loadUrl } from './load.js';
import { benchProductImport } from './product-import.js';
import { round } from './stats.js';
import { benchTickets } from './tickets.js';
import { initialWebCss, initialWebJs } from './web-size.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * `BENCH_PARTS=backOffice npm run bench` runs only some parts (bundles, lighthouse, api, productImport,
 * backOffice, tickets, customers, cost, checkout). `checkout` is the api part's checkout alone, beside a
 * product read, and is not in the default set (api measures checkout already). `cost` is never in the default
 * set: it puts the cost meter into the local stack (LOCAL_STACK_HOOKS, cost-meter.ts), whose proxies would slow the other
 * parts' requests; run it alone.
 */
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'bundles,lighthouse,api,productImport,backOffice,tickets,customers').split(','),
);
/** The back office lists' two sizes of shop. */
const LIST_SIZES = (process.env.BENCH_LIST_SIZES ?? '1000,100000').split(',').map(Number);

/** ARCHITECTURE.md: each bundle's size and init at most 1.15 times its floor's. */
const BUNDLE_BUDGET = 1.15;
/** Init pairs per function, and more for a first ratio near the budget (the README says how many). */
const INIT_PAIRS = 15;
const INIT_CLOSE_CALL = { budget: BUNDLE_BUDGET, within: 0.06, extraRuns: 30 };

async function benchBundles() {
  const outdir = join(root, 'dist', 'functions');
  const metafile = buildFunctions(outdir);
  const outputs = Object.keys(metafile.outputs).filter((o) => o.endsWith('index.js'));
  const bareFor = new Map<string, string | null>();
  const functions = [];
  for (const output of outputs) {
    const packages = sdkPackagesOf(metafile, output);
    const providers = providersOf(metafile, output);
    const key = [...packages, ...providers].join(',');
    // A function with no SDK client has no floor to compare with: its absolute figures are reported.
    if (!bareFor.has(key)) {
      bareFor.set(key, packages.length ? await buildBareBundle(packages, root, providers) : null);
    }
    functions.push({ file: join(root, output), packages, providers, bare: bareFor.get(key)! });
  }
  const paired = pairedInitTimes(
    functions.flatMap(({ file, bare }) => (bare ? [{ file, bare }] : [])),
    INIT_PAIRS,
    INIT_CLOSE_CALL,
  );
  const alone = initTimesMs(functions.filter((f) => !f.bare).map((f) => f.file));
  const report = {
    budgetRatio: BUNDLE_BUDGET,
    functions: functions.map(({ file, packages, providers, bare }) => {
      const init = paired.get(file);
      const own = init ?? alone.get(file)!;
      return {
        function: rel(outdir, dirname(file)),
        sdkClients: packages,
        providerClients: providers,
        bytes: sizeOf(file),
        initMs: round(own.best),
        initMedianMs: round(own.median),
        bareBytes: bare ? sizeOf(bare) : null,
        bareInitMs: init ? round(init.bareBest) : null,
        bareInitMedianMs: init ? round(init.bareMedian) : null,
        sizeRatio: bare ? round(sizeOf(file) / sizeOf(bare), 3) : null,
        /** The median of paired runs' ratios (test/bench/bundles.ts, pairedInitTimes). */
        initRatio: init ? round(init.ratio, 3) : null,
        /** INIT_PAIRS, or more when those put the ratio near the budget (INIT_CLOSE_CALL). */
        initPairs: init ? init.pairs : null,
      };
    }),
  };
  // Each bare bundle was built in a temp folder of its own (<dir>/out/index.js): leave none behind.
  for (const bare of bareFor.values()) {
    if (bare) rmSync(dirname(dirname(bare)), { recursive: true, force: true });
  }
  return report;
}

/** Signs staff in on the Chromium Lighthouse drives (over its debugging port), as a person would at /login. */
async function signInOverCdp(port: number, loginUrl: string, who: { email: string; password: string }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(loginUrl);
    await fillLogin(page, who.email, who.password);
    await page.waitForURL((url) => url.pathname.startsWith(paths.admin.path));
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * The public pages a seller passes through, audited on the idle stack before any load, and the back office's
 * login, dashboard, orders list, receiving (the packing table) and payouts pages.
 */
async function benchPages(info: LocalStackInfo, product: { id: string; name: string }) {
  const page = (path: string) => `${info.urls.site}${path}`;
  const scores = await lighthouseScores(
    {
      home: page('/'),
      catalogue: page('/products'),
      product: page(productPath(product)),
      cart: page('/cart'),
      orderStatus: page('/order-status'),
      howItWorks: page('/how-it-works'),
      faq: page('/faq'),
      contact: page('/contact'),
    },
    LIGHTHOUSE_RUNS,
  );
  // The back office: its login page as a visitor sees it, then the dashboard, the orders list, receiving and
  // payouts signed in.
  Object.assign(scores, await lighthouseScores({ adminLogin: page(paths.login.path) }, LIGHTHOUSE_RUNS));
  const signedIn = await lighthouseScores(
    {
      adminDashboard: page(paths.admin.path),
      adminOrders: page(paths.adminOrders.path),
      adminReceiving: page(paths.adminReceiving.path),
      adminPayouts: page(paths.adminPayouts.path),
    },
    LIGHTHOUSE_RUNS,
    { prepare: (port) => signInOverCdp(port, page(paths.login.path), info.admin) },
  );
  Object.assign(scores, signedIn);
  return {
    budget: LIGHTHOUSE_BUDGET,
    formFactor: 'mobile (Lighthouse defaults)',
    runsPerPage: LIGHTHOUSE_RUNS,
    pages: scores,
  };
}

async function benchApi(info: LocalStackInfo, id: string) {
  const url = (path: string) => `${info.urls.site}${path}`;
  // Warm every worker and connection before measuring.
  await loadUrl(url('/api/products'), 10, 2);
  await loadUrl(url(`/api/products/${id}`), 10, 2);
  const bare = await loadBareGetItem(
    info.urls.dynamodb,
    info.tableName,
    product.key(id),
    CONNECTIONS,
    DURATION,
  );
  const list = await loadUrl(url('/api/products'), CONNECTIONS, DURATION);
  const one = await loadUrl(url(`/api/products/${id}`), CONNECTIONS, DURATION);

  // Checkout: every request a new order (test/bench/checkout.ts); all of them share the order counters.
  const create = await loadCheckouts(info.urls.site, id, CONNECTIONS, DURATION);
  const email = 'bench@example.com';
  const checkout = checkoutBody(email, [{ productId: id, quantity: 2 }]);
  const placed = (await (
    await fetch(url('/api/orders'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(checkout),
    })
  ).json()) as { orderId: string };
  const lookup = await loadUrl(url('/api/orders/lookup'), CONNECTIONS, DURATION, {
    method: 'POST',
    body: { orderNumber: placed.orderId, email },
  });
  const vsBare = (r: typeof list) => ({
    ...r,
    p99VsBareGetItem: round(r.p99Ms / bare.p99Ms),
    throughputFractionOfBare: round(r.requestsPerSec / bare.requestsPerSec, 3),
  });
  return {
    connections: CONNECTIONS,
    durationSec: DURATION,
    bareGetItem: bare,
    'GET /api/products': vsBare(list),
    'GET /api/products/{id}': vsBare(one),
    'POST /api/orders (each a new order)': vsBare(create),
    'POST /api/orders/lookup': vsBare(lookup),
  };
}

async function main() {
  const started = new Date().toISOString();
  const bundles = PARTS.has('bundles') ? await benchBundles() : null;
  const web = initialWebJs(join(root, 'dist', 'web'));
  const css = initialWebCss(join(root, 'dist', 'web'));
  const { info, child } = await startLocalStackProcess({
    LOCAL_PROFILE: 'test',
    LOCAL_PORT_OFFSET: process.env.TEST_PORT_OFFSET ?? '',
    ...(PARTS.has('cost') ? { [HOOKS_ENV]: join(root, 'test', 'bench', 'cost-meter.ts') } : {}),
  });
  let lighthouse: Awaited<ReturnType<typeof benchPages>> | null = null;
  let api: Awaited<ReturnType<typeof benchApi>> | null = null;
  let backOffice: Awaited<ReturnType<typeof benchBackOffice>> | null = null;
  let productImport: Awaited<ReturnType<typeof benchProductImport>> | null = null;
  let tickets: Awaited<ReturnType<typeof benchTickets>> | null = null;
  let customers: Awaited<ReturnType<typeof benchCustomers>> | null = null;
  let cost: Awaited<ReturnType<typeof benchCost>> | null = null;
  let checkout: Awaited<ReturnType<typeof benchCheckout>> | null = null;
  try {
    const { products } = (await (await fetch(`${info.urls.site}/api/products`)).json()) as {
      products: Array<{ id: string; name: string }>;
    };
    // First: one order's life on a fresh shop, before any part grows the table.
    if (PARTS.has('cost')) cost = await benchCost(info, root);
    if (PARTS.has('lighthouse')) lighthouse = await benchPages(info, products[0]);
    if (PARTS.has('api')) api = await benchApi(info, products[0].id);
    if (PARTS.has('checkout')) checkout = await benchCheckout(info, products[0].id, CONNECTIONS, DURATION);
    if (PARTS.has('productImport')) productImport = await benchProductImport(info);
    // Last: they grow the table to 100,000 orders, tickets and customers.
    const lists = { connections: 10, durationSec: DURATION, sizes: LIST_SIZES };
    if (PARTS.has('backOffice')) backOffice = await benchBackOffice(info, lists);
    if (PARTS.has('tickets')) tickets = await benchTickets(info, lists);
    if (PARTS.has('customers')) customers = await benchCustomers(info, lists);
  } finally {
    await stopLocalStackProcess(child);
  }
  const report = {
    started,
    machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
    bundles,
    web: { budgetGzipBytes: 120 * 1024, ...web, css, lighthouse },
    api,
    checkout,
    backOffice,
    productImport,
    tickets,
    customers,
    cost,
  };
  const out = join(root, 'bench-report.json');
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  if (cost)
    console.log(
      `\nWhat one order costs (${cost.region}, prices of ${cost.pricesAsOf}):\n${costTables(cost)}`,
    );
  console.log(`\nWrote ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
