/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { authMessages } from '../../shared/messages';
import { stack } from './stack';

/** Fills the /login form the page is on and submits it, as staff would. */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: authMessages.heading }).waitFor();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: authMessages.submit }).click();
}

/** Opens /login and signs in as the seeded admin (or `who`), then waits to land in the back office. */
export async function signInAsStaff(page: Page, who = stack().admin): Promise<void> {
  await page.goto(`${stack().urls.site}/login`);
  await fillLogin(page, who.email, who.password);
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

/** Rewrites Amplify's stored tokens in this tab (they are decoded, not verified, in the browser). */
export async function editStoredTokens(
  page: Page,
  edit: { expire?: boolean; breakSignature?: boolean; refresh?: string },
) {
  await page.evaluate((edit) => {
    const b64 = (s: string) => s.replace(/-/g, '+').replace(/_/g, '/');
    const url = (s: string) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('CognitoIdentityServiceProvider.')) continue;
      if (edit.refresh !== undefined && key.endsWith('.refreshToken'))
        localStorage.setItem(key, edit.refresh);
      if (!key.endsWith('.idToken') && !key.endsWith('.accessToken')) continue;
      const [header, payload, signature] = (localStorage.getItem(key) ?? '').split('.');
      const claims = JSON.parse(atob(b64(payload!)));
      if (edit.expire) {
        claims.iat = Math.floor(Date.now() / 1000) - 7200;
        claims.exp = Math.floor(Date.now() / 1000) - 3600;
      }
      const sig = edit.breakSignature ? `${signature!.slice(0, -4)}AAAA` : signature;
      localStorage.setItem(key, `${header}.${url(btoa(JSON.stringify(claims)))}.${sig}`);
    }
  }, edit);
}

/** The id token Amplify stored in this tab, or null once signed out. */
export const storedIdToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'),
    );
    return key ? localStorage.getItem(key) : null;
  });
