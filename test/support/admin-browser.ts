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
