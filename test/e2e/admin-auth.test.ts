/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, Page, Request } from 'playwright-core';
import { authMessages, dashboardMessages } from '../../shared/messages';
import { editStoredTokens, fillLogin, storedIdToken } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { createPlainUser, createStaff } from '../support/cognito';
import { stack } from '../support/stack';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;
const path = (page: Page) => new URL(page.url()).pathname;

async function waitForTitle(page: Page, pattern: RegExp) {
  await page
    .waitForFunction((source) => new RegExp(source).test(document.title), pattern.source)
    .catch(async () => {
      throw new Error(`Title ${JSON.stringify(await page.title())} never matched ${pattern}`);
    });
}

/** On a phone the sidebar is a drawer behind the Menu button. */
async function openNav(page: Page, viewport: ViewportName) {
  if (viewport !== 'mobile') return;
  const toggle = page.getByRole('button', { name: 'Menu' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

describe.each<ViewportName>(['desktop', 'mobile'])('back office entrance on %s', (viewport) => {
  let page: Page;
  /** Whether the auth library's chunk (web/src/features/auth/amplify.ts) has been asked for. */
  let amplifyRequested = false;
  beforeAll(async () => {
    page = await newPage(browser, viewport);
    page.on('request', (request) => {
      if (/\/assets\/amplify-[\w-]+\.js$/.test(request.url())) amplifyRequested = true;
    });
  });
  afterAll(async () => {
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('the guard sends /admin/orders to /login, replacing history, and says where the visitor was going', async () => {
    await page.goto(site('/'));
    await page.goto(site('/admin/orders?status=pending'));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(authMessages.signInTo('/admin/orders')).waitFor();
    await waitForTitle(page, /^Login \| /);
    // No public header or footer in the back office.
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await expectAccessible(page, `login (${viewport})`);
    // Replaced: Back leaves for the page before, not the guarded path.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(authMessages.signInTo('/admin/orders')).waitFor();
  });

  it('with no session stored, the guard and the form need no auth library: it comes with the first sign-in', async () => {
    expect(amplifyRequested).toBe(false);
  });

  it('checks the form with the spec messages before asking Cognito', async () => {
    await page.getByRole('button', { name: authMessages.submit }).click();
    await page.getByText(authMessages.emailRequired).waitFor();
    await page.getByText(authMessages.passwordMin).waitFor();
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('alllowercase1!');
    await page.getByRole('button', { name: authMessages.submit }).click();
    await page.getByText(authMessages.emailInvalid).waitFor();
    await page.getByText(authMessages.passwordUpper).waitFor();
    await expectAccessible(page, `login with errors (${viewport})`);
  });

  it('a wrong password shows the error and stays on /login; the button waits meanwhile', async () => {
    // Cognito answers a moment late, so the submitting state can be seen.
    await page.route('**/*', async (route) => {
      const target = route.request().headers()['x-amz-target'] ?? '';
      if (target.endsWith('.InitiateAuth')) await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await fillLogin(page, stack().admin.email, 'Wrong-Passw0rd!');
    await page.locator('button[type="submit"]:disabled .spinner').waitFor();
    const alert = page.locator('.notice--danger');
    await alert.waitFor();
    await page.unroute('**/*');
    // Cognito's words, the same for an unknown e-mail: the page does not tell a stranger who is staff.
    expect((await alert.textContent())?.trim()).toBe('Incorrect username or password.');
    const answered = page.waitForResponse((r) =>
      (r.request().headers()['x-amz-target'] ?? '').endsWith('.InitiateAuth'),
    );
    await fillLogin(page, `not-staff-${Date.now()}@example.com`, 'Wrong-Passw0rd!');
    expect((await answered).status()).toBe(400);
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('Incorrect username or password.');
    expect(path(page)).toBe('/login');
    expect(await page.getByRole('button', { name: authMessages.submit }).isEnabled()).toBe(true);
    // The next step types only the password: the staff e-mail goes back in.
    await page.getByLabel('Email address').fill(stack().admin.email);
    await expectAccessible(page, `login failed (${viewport})`);
    expect(amplifyRequested).toBe(true);
  });

  it('the right password lands back on /admin/orders with its query, Orders marked current', async () => {
    await page.getByLabel('Password', { exact: true }).fill(stack().admin.password);
    await page.getByRole('button', { name: authMessages.submit }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders' && url.search === '?status=pending');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await openNav(page, viewport);
    expect(await nav(page).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await expectAccessible(page, `admin orders (${viewport})`);
    // Signed in: /login goes straight on to the back office.
    await page.goto(site('/login'));
    await page.waitForURL((url) => url.pathname === '/admin');
  });

  // A new tab's downloads: no viewport branch, so desktop only.
  if (viewport === 'desktop') {
    it('signed in, a first visit asks for its page with the admin frame, before the session check answers; a valid token needs no auth library', async () => {
      // A new tab with the stored session and an empty cache: the page chunk comes from the network.
      const tab = await newPage(browser, viewport, { storageState: await page.context().storageState() });
      const seen: string[] = [];
      tab.on('request', (request) => {
        if (/\/assets\/orders-page-[\w-]+\.js$/.test(request.url())) seen.push('page');
        if (/\/assets\/amplify-[\w-]+\.js$/.test(request.url())) seen.push('amplify');
      });
      tab.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/admin/session') seen.push('session');
      });
      await tab.goto(site('/admin/orders'));
      await tab.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      // The stored token is still valid: the API takes it as it is, and the auth library is not downloaded.
      expect(seen).toEqual(['page', 'session']);
      expect(pageErrors(tab)).toEqual([]);
      await tab.context().close();
    });
  }

  it('the overview: title, the three cards, the chart with its table, recent orders', async () => {
    await page.goto(site('/admin'));
    await waitForTitle(page, /^Admin Dashboard \| /);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    for (const label of ['Total Payments', 'Inbound Shipments', 'Avg. Order Value']) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'Recent Orders' }).waitFor();
    // The chart is hidden from assistive technology; its numbers are in a table for screen readers.
    const chart = page.getByTestId('daily-chart');
    expect(await chart.getAttribute('aria-hidden')).toBe('true');
    // Drawn with the page: a bar for each of the 30 days.
    expect(await chart.locator('rect').count()).toBe(30);
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual((page.viewportSize()?.width ?? 0) - 16);
    expect(await page.locator('table caption', { hasText: 'Orders received and amount paid' }).count()).toBe(
      1,
    );
    expect(await page.getByRole('row').count()).toBeGreaterThanOrEqual(31);
    const views = page.getByRole('link', { name: /^View order / });
    if ((await views.count()) === 0) await page.getByText('No recent orders found').waitFor();
    await expectAccessible(page, `overview (${viewport})`);
    if ((await views.count()) > 0) {
      const name = (await views.first().getAttribute('aria-label'))!;
      await views.first().click();
      await page.waitForURL((url) => url.pathname === `/admin/orders/${name.replace('View order ', '')}`);
    }
  });

  // Failure and empty states of the overview: desktop only (its phone layout is checked above).
  if (viewport === 'desktop') {
    it('the overview when loading fails (Try again) and when there are no orders yet', async () => {
      const days = Array.from({ length: 30 }, (_, i) => ({
        date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
        ordersReceived: 0,
        amountPaid: 0,
      }));
      const empty = {
        totalPayments: 0,
        inboundShipments: 0,
        averageOrderValue: 0,
        completedOrders: 0,
        recentOrders: [],
        daily: days,
      };
      let failing = true;
      await page.route('**/api/admin/dashboard', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'internal', message: 'Internal server error' } }),
            })
          : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(empty) }),
      );
      try {
        await page.goto(site('/admin'));
        // react-query retries three times first (about 7 s).
        await page
          .getByText(dashboardMessages.loadFailed('Internal server error'))
          .waitFor({ timeout: 20_000 });
        await expectAccessible(page, `overview failed (${viewport})`);
        failing = false;
        await page.getByRole('button', { name: dashboardMessages.tryAgain }).click();
        await page.getByText(dashboardMessages.noRecentOrders).waitFor();
        expect(await page.locator('.admin-stat__value').allTextContents()).toEqual(['$0.00', '0', '$0.00']);
        await expectAccessible(page, `overview empty (${viewport})`);
      } finally {
        await page.unroute('**/api/admin/dashboard');
      }
    });
  }

  it('unknown admin paths show the 404 page inside the back office', async () => {
    for (const p of ['/admin/nowhere', '/admin/no-such-page']) {
      await page.goto(site(p));
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await openNav(page, viewport);
      await nav(page).getByRole('link', { name: 'Overview' }).waitFor();
    }
    await expectAccessible(page, `admin 404 (${viewport})`);
  });

  if (viewport === 'mobile') {
    it('the drawer: toggle, focus, Escape, closes on navigation', async () => {
      await page.goto(site('/admin'));
      const toggle = page.getByRole('button', { name: 'Menu' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await nav(page).isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await nav(page).waitFor();
      // Focus moves into the drawer.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Overview');
      await expectAccessible(page, 'admin drawer open (mobile)');
      await page.keyboard.press('Escape');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');
      await toggle.click();
      await nav(page).getByRole('link', { name: 'Orders' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/orders');
      await nav(page).waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    });
  }

  // A refused token, and a user outside the group: no viewport branch, so desktop only.
  if (viewport === 'desktop') {
    it('a token the API refuses (401) ends the session and returns to /login with the origin', async () => {
      await page.goto(site('/admin'));
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      await editStoredTokens(page, { breakSignature: true });
      await page.goto(site('/admin/orders'));
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText(authMessages.signInTo('/admin/orders')).waitFor();
      expect(await storedIdToken(page)).toBeNull();
      await fillLogin(page, stack().admin.email, stack().admin.password);
      await page.waitForURL((url) => url.pathname === '/admin/orders');
    });
  }

  it('signing out in another tab sends this one to /login', async () => {
    const other = await page.context().newPage();
    await other.goto(site('/admin'));
    await other.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await openNav(other, viewport);
    await other.getByRole('button', { name: authMessages.logout }).click();
    await other.waitForURL((url) => url.pathname === '/login');
    await page.waitForURL((url) => url.pathname === '/login');
    await other.close();
    // Signing in here brings this tab back to where it was.
    await page.getByText(authMessages.signInTo('/admin/orders')).waitFor();
    await fillLogin(page, stack().admin.email, stack().admin.password);
    await page.waitForURL((url) => url.pathname === '/admin/orders');
  });

  it('Logout returns to /login, and the back office is closed again', async () => {
    await openNav(page, viewport);
    await page.getByRole('button', { name: authMessages.logout }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // An explicit logout carries no origin back.
    expect(await page.getByText(/Please sign in to access/).count()).toBe(0);
    await page.goto(site('/admin'));
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.getByText(/Please sign in to access/).count()).toBe(0);
  });

  if (viewport === 'desktop') {
    it('a signed-in user outside the admin group sees Admin access required, with Logout', async () => {
      const email = `plain-${viewport}-${randomUUID().slice(0, 8)}@stripbuyback.test`;
      await createPlainUser(email, 'Plain-Passw0rd!');
      await page.goto(site('/admin'));
      await fillLogin(page, email, 'Plain-Passw0rd!');
      await page.getByRole('heading', { name: authMessages.adminRequired }).waitFor();
      await expectAccessible(page, `admin required (${viewport})`);
      await page.getByRole('button', { name: authMessages.logout }).click();
      await page.waitForURL((url) => url.pathname === '/login');
    });
  }
});

// Needs the local stack's Cognito endpoint that answers GetTokensFromRefreshToken (Amplify 6.15+ refreshes
// only with it; cognito-local lacks it and the local runner translates it).
describe('token refresh', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, 'desktop');
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('expired tokens are refreshed silently and the page loads', async () => {
    await page.goto(site('/admin/orders'));
    await fillLogin(page, stack().admin.email, stack().admin.password);
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await editStoredTokens(page, { expire: true });
    const expired = await storedIdToken(page);
    await page.reload();
    // A token refresh through the local Cognito, then the orders list: under the whole suite's load this took
    // longer than the default 15 s once (it passed alone, and in the run before).
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor({ timeout: 30_000 });
    expect(path(page)).toBe('/admin/orders');
    const fresh = await storedIdToken(page);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(expired);
    // A new token from Cognito, not the edited one: it expires in the future.
    const claims = JSON.parse(Buffer.from(fresh!.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('a refresh token that is refused signs out and goes to /login with the origin', async () => {
    await editStoredTokens(page, { expire: true, refresh: 'not-a-refresh-token' });
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(authMessages.signInTo('/admin/orders')).waitFor();
    expect(await storedIdToken(page)).toBeNull();
  });
});

// Needs the local stack's fake breach-range service (`/__local/breach/range/<prefix>`, its mode switch at
// stack().urls.breachMode, and 'Password123!' among its fixture passwords).
describe('breach check at sign-in', () => {
  let page: Page;
  const breachMode = async (mode: 'ok' | 'fail' | 'hang') => {
    // Declared by the local stack's breach-range fake; named here so a stack without it fails plainly.
    const { breachMode: url } = stack().urls as ReturnType<typeof stack>['urls'] & { breachMode?: string };
    if (!url) throw new Error('The local stack reports no urls.breachMode (the fake breach-range service)');
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });
    expect(res.ok).toBe(true);
  };

  beforeEach(async () => {
    page = await newPage(browser, 'desktop');
  });
  afterEach(async () => {
    await page.context().close();
  });
  afterAll(async () => {
    await breachMode('ok');
  });

  it('a breached password warns in amber and still signs in; the warning follows into the back office', async () => {
    await breachMode('ok');
    const email = `breached-${randomUUID().slice(0, 8)}@stripbuyback.test`;
    await createStaff(email, 'Password123!');
    // The browser sends only the 5-character prefix, with padding asked for.
    const rangeCalls: Array<{ url: string; padding: string | undefined }> = [];
    page.on('request', (request) => {
      if (request.url().includes('/__local/breach/range/'))
        rangeCalls.push({ url: request.url(), padding: request.headers()['add-padding'] });
    });
    await page.goto(site('/admin'));
    await fillLogin(page, email, 'Password123!');
    await page.waitForURL((url) => url.pathname === '/admin');
    const banner = page.getByRole('alert').filter({ hasText: authMessages.breached });
    await banner.waitFor();
    await expectAccessible(page, 'overview with breach warning');
    const call = rangeCalls.find((c) => c.padding !== undefined);
    expect(call?.padding).toBe('true');
    expect(call?.url).toMatch(/\/__local\/breach\/range\/[0-9A-F]{5}$/);
    await page.getByRole('button', { name: 'Dismiss password warning' }).click();
    await banner.waitFor({ state: 'detached' });
  });

  it.each(['fail', 'hang'] as const)(
    'a breach service that answers %s never blocks sign-in',
    async (mode) => {
      await breachMode(mode);
      await page.goto(site('/admin'));
      // The check is over once its request is answered (fail: the page reads only the status) or given up by
      // the page at its 3 s timeout (hang).
      const isCheck = (request: Request) => request.url().includes('/__local/breach/range/');
      const checkEnded = new Promise<void>((resolve) => {
        page.on('response', (response) => isCheck(response.request()) && resolve());
        page.on('requestfailed', (request) => isCheck(request) && resolve());
      });
      const started = Date.now();
      await fillLogin(page, stack().admin.email, stack().admin.password);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      expect(Date.now() - started).toBeLessThan(10_000);
      // Counted as not breached: once the check has ended, no notice was raised and no warning shows.
      await checkEnded;
      expect(await page.evaluate(() => sessionStorage.getItem('admin.breachedPasswordNotice'))).toBeNull();
      expect(await page.getByText(authMessages.breached).count()).toBe(0);
    },
  );
});

describe('first sign-in of a user staff created', () => {
  it('asks for a new password, then signs in to the origin', async () => {
    const page = await newPage(browser, 'mobile');
    const email = `new-staff-${randomUUID().slice(0, 8)}@stripbuyback.test`;
    await createStaff(email, 'Temp-Passw0rd!', { temporary: true });
    await page.goto(site('/admin/orders'));
    await fillLogin(page, email, 'Temp-Passw0rd!');
    await page.getByRole('heading', { name: authMessages.newPasswordHeading }).waitFor();
    await expectAccessible(page, 'new password (mobile)');
    await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd!');
    await page.getByLabel('Confirm new password').fill('Different-Passw0rd!');
    await page.getByRole('button', { name: authMessages.newPasswordSubmit }).click();
    await page.getByText(authMessages.passwordsDiffer).waitFor();
    await page.getByLabel('Confirm new password').fill('Another-Passw0rd!');
    await page.getByRole('button', { name: authMessages.newPasswordSubmit }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
