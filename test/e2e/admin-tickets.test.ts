/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminTicketMessages as m } from '../../shared/messages';
import { signInAsStaff } from '../support/admin-browser';
import { expectAccessible, launchBrowser, newPage, pageErrors, type ViewportName } from '../support/browser';
import { api, stack } from '../support/stack';

jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const site = (path = '/') => `${stack().urls.site}${path}`;
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** A ticket opened through the public contact form. */
async function openTicket(fields: { name: string; subject: string; message: string }) {
  const res = await api<{ ticketNumber: string }>('/api/tickets', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, email: `${letters(10)}@example.com`, phone: '(555) 010-2030' }),
  });
  if (res.status !== 201) throw new Error(`contact form failed: ${res.status}`);
  return res.body.ticketNumber;
}

/** The ticket's row on desktop or its card on mobile (the other form is not displayed). */
const ticketItem = (page: Page, viewport: ViewportName, ticketNumber: string): Locator =>
  viewport === 'desktop'
    ? page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: ticketNumber, exact: true }) })
    : page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: ticketNumber, exact: true }) });

const showing = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();

async function search(page: Page, text: string, field: string) {
  await page.getByRole('searchbox', { name: 'Search tickets' }).fill(text);
  await page.getByRole('combobox', { name: m.searchIn }).selectOption({ label: field });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

describe.each<ViewportName>(['desktop', 'mobile'])('the back office support tickets on %s', (viewport) => {
  let page: Page;
  let marker: string;
  let tickets: string[];

  beforeAll(async () => {
    marker = `Zq${letters(8)}`;
    tickets = [];
    for (let i = 0; i < 3; i++) {
      tickets.push(
        await openTicket({
          name: `Tess ${i === 0 ? `${marker}name` : 'Tester'}`,
          subject: `Label question ${marker}`,
          message: `First line ${i}\nSecond line`,
        }),
      );
    }
    page = await newPage(browser, viewport);
    await signInAsStaff(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('searches in a chosen field, filters by tag and status, and Clear resets the search', async () => {
    await page.goto(site('/admin/support'));
    await page.getByRole('heading', { level: 1, name: m.title }).waitFor();
    await page.getByText(/^Total Tickets: \d+$/).waitFor();
    await expectAccessible(page, `support tickets (${viewport})`);

    await search(page, marker.toUpperCase(), 'Subject');
    await showing(page, 'Showing 1–3 of 3 tickets');
    for (const number of tickets) await ticketItem(page, viewport, number).waitFor();

    // The name of only the first ticket holds the marker.
    await page.getByRole('combobox', { name: m.searchIn }).selectOption({ label: 'Name' });
    await showing(page, 'Showing 1–1 of 1 ticket');
    await ticketItem(page, viewport, tickets[0]).waitFor();

    // Any word: one that matches nothing and the marker still find the three.
    await search(page, `nothing-here ${marker}`, 'All fields');
    await showing(page, 'Showing 1–3 of 3 tickets');

    await page.getByRole('button', { name: 'Leads' }).click();
    await page.getByText(m.emptyTag('lead')).waitFor();
    await page.getByRole('button', { name: m.allTickets }).click();
    await showing(page, 'Showing 1–3 of 3 tickets');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Closed' });
    await page.getByText(m.emptyAll).waitFor();

    // A reload keeps the search; Clear resets query, status and 'Search in'.
    await page.reload();
    await page.getByText(m.emptyAll).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search tickets' }).inputValue()).toBe(
      `nothing-here ${marker}`,
    );
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.search === '');
    expect(await page.getByRole('searchbox', { name: 'Search tickets' }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('all');
    expect(await page.getByRole('combobox', { name: m.searchIn }).inputValue()).toBe('all');
    // Back returns to the search before Clear.
    await page.goBack();
    await page.getByText(m.emptyAll).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('closes and reopens a ticket from the list and from its detail', async () => {
    const number = tickets[1];
    await page.goto(site(`/admin/support?q=${marker}&field=subject`));
    const item = ticketItem(page, viewport, number);
    const [close, reopen] =
      viewport === 'desktop'
        ? [`${m.close} ticket ${number}`, `${m.reopen} ticket ${number}`]
        : [m.closeTicket, m.reopenTicket];
    await item.getByRole('button', { name: close }).click();
    await item.getByText('Closed', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Closed' });
    await showing(page, 'Showing 1–1 of 1 ticket');
    await item.getByRole('button', { name: reopen }).click();
    await page.getByText(m.emptyAll).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Open' });
    await item.getByText('Open', { exact: true }).waitFor();

    // The e-mail is a mailto link; clicking it does not open the ticket.
    const mail = item.getByRole('link', { name: /@example\.com$/ });
    expect(await mail.getAttribute('href')).toMatch(/^mailto:/);
    await mail.evaluate((a) => a.addEventListener('click', (event) => event.preventDefault()));
    await mail.click();
    // The row's handler would move to the ticket within the click itself (react-router pushes the address there
    // and then): the address, read once the click has been handled, says whether it ran.
    expect(await page.evaluate(() => window.location.pathname)).toBe('/admin/support');

    // From the keyboard, the ticket number is the row's link.
    await item.getByRole('link', { name: number, exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === `/admin/support/${number}`);
    await page.getByRole('heading', { level: 1, name: m.detailTitle }).waitFor();
    await page.goBack();
    await item.getByText('Open', { exact: true }).waitFor();

    // A click on the row or card opens the ticket.
    await item.getByText(`Label question ${marker}`).click();
    await page.waitForURL((url) => url.pathname === `/admin/support/${number}`);
    await page.getByRole('heading', { level: 1, name: m.detailTitle }).waitFor();
    await page.getByText(m.ticketHeading(number)).waitFor();
    await page.getByRole('heading', { name: m.contactInformation }).waitFor();
    const message = page.getByTestId('ticket-message');
    // innerText on purpose: the line breaks must be rendered (white-space), not only present in the DOM.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked.
    expect(await message.innerText()).toBe('Phone: (555) 010-2030\n\nFirst line 1\nSecond line');
    await expectAccessible(page, `ticket detail (${viewport})`);

    await page.getByRole('button', { name: m.closeTicket }).click();
    await page.getByRole('button', { name: m.reopenTicket }).waitFor();
    expect(await page.getByTestId('ticket-status-badge').textContent()).toBe('Closed');
    await page.reload();
    await page.getByRole('button', { name: m.reopenTicket }).click();
    await page.getByRole('button', { name: m.closeTicket }).waitFor();
    expect(await page.getByTestId('ticket-status-badge').textContent()).toBe('Open');

    // Back to the list as it was filtered.
    await page.getByRole('link', { name: m.back }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/support' && url.searchParams.get('status') === 'open',
    );
    await item.getByText('Open', { exact: true }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  // The ticket page (no table or cards): desktop only.
  if (viewport === 'desktop') {
    it('retries an unknown ticket three times, then says Ticket not found with Try Again', async () => {
      await page.goto(site('/admin/support/T-ZZZZZZ'));
      await page.getByText(m.attempt(1, 3)).waitFor();
      await page.getByText(m.attempt(3, 3)).waitFor();
      await page.getByRole('heading', { level: 1, name: m.notFound }).waitFor({ timeout: 20_000 });
      await expectAccessible(page, `ticket not found (${viewport})`);
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.getByText(m.attempt(1, 3)).waitFor();
      await page.getByRole('heading', { level: 1, name: m.notFound }).waitFor({ timeout: 20_000 });
      expect(pageErrors(page)).toEqual([]);
    });
  }
});
