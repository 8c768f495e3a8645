/**
 * @local-stack exclusive: it reads the ticket number counter before and after.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { counters, ticket as ticketEntity } from '../../functions/lib/entities';
import { adminTicketMessages as m } from '../../shared/messages';
import type { AdminTicketDetail, SetTicketStatusResponse } from '../../shared/schemas/admin-ticket';
import type { AdminTicketList } from '../../shared/schemas/admin-ticket-list';
import { createPlainUser, signIn } from '../support/cognito';
import { getItem } from '../support/db';
import { api, stack } from '../support/stack';

jest.setTimeout(120_000);

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

let token: string;
beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
});

const call = <T>(method: string, path: string, body?: unknown, bearer: string | null = token) =>
  api<T & ErrorBody>(path, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

const list = (query: Record<string, string>) =>
  call<AdminTicketList>('GET', `/api/admin/tickets?${new URLSearchParams(query)}`);
const detail = (n: string) => call<AdminTicketDetail>('GET', `/api/admin/tickets/${encodeURIComponent(n)}`);
const setStatus = (n: string, status: unknown, bearer?: string) =>
  call<SetTicketStatusResponse>(
    'PUT',
    `/api/admin/tickets/${encodeURIComponent(n)}/status`,
    { status },
    bearer,
  );

/** Words no other ticket carries, one per field, so a search finds exactly this ticket. */
function words() {
  const id = randomUUID().replaceAll('-', '').slice(0, 10);
  return {
    name: `nm${id}`,
    email: `em${id}`,
    phone: `555${String(randomInt(10_000_000)).padStart(7, '0')}`,
    subject: `sj${id}`,
    message: `ms${id}`,
  };
}

/** A ticket opened through the public contact form, as a visitor opens one. */
async function openTicket(w = words()) {
  const res = await api<{ ticketNumber: string }>('/api/tickets', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Tess ${w.name}`,
      email: `${w.email}@example.com`,
      phone: w.phone,
      subject: `Question ${w.subject}`,
      message: `Where is my label?\nRef ${w.message}`,
    }),
  });
  if (res.status !== 201) throw new Error(`contact form failed: ${res.status}`);
  return { number: res.body.ticketNumber, words: w };
}

const ticketCounters = async () => {
  const item = (await getItem(counters.tickets())) ?? {};
  return {
    count: Number(item.ticket_count ?? 0),
    open: Number(item.status_open ?? 0),
    closed: Number(item.status_closed ?? 0),
  };
};
const stored = (n: string) => getItem(ticketEntity.key(n));

describe('admin tickets: access', () => {
  it('refuses anonymous and non-admin callers on every tickets route, and writes nothing', async () => {
    const { number } = await openTicket();
    const email = `plain-${randomUUID().slice(0, 8)}@example.com`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    const plain = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
    const before = await stored(number);
    for (const bearer of [null, plain]) {
      const expected = bearer ? 403 : 401;
      expect((await call('GET', '/api/admin/tickets', undefined, bearer)).status).toBe(expected);
      expect((await call('GET', `/api/admin/tickets/${number}`, undefined, bearer)).status).toBe(expected);
      expect(
        (await call('PUT', `/api/admin/tickets/${number}/status`, { status: 'closed' }, bearer)).status,
      ).toBe(expected);
    }
    expect(await stored(number)).toEqual(before);
  });
});

describe('admin tickets: validation', () => {
  it.each([
    [{ tag: 'leads' }, m.invalidTag],
    [{ field: 'customer_name' }, m.invalidField],
    [{ status: 'pending' }, m.invalidStatus],
    [{ page: '0' }, m.invalidPage],
    [{ page: 'abc' }, m.invalidPage],
    [{ pageSize: '10' }, m.invalidPageSize],
    [{ q: 'x'.repeat(101) }, m.searchTooLong],
  ])('refuses the list query %j with its message', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(message);
  });

  it('refuses a malformed ticket number and a bad status, with their messages, writing nothing', async () => {
    const { number } = await openTicket();
    const before = { ticket: await stored(number), counters: await ticketCounters() };
    for (const bad of ['T ABC', 'x'.repeat(65), '../TICKET', '-T']) {
      const got = await detail(bad);
      expect([got.status, got.body.error?.message]).toEqual([400, m.invalidTicketNumber]);
      const put = await setStatus(bad, 'closed');
      expect([put.status, put.body.error?.message]).toEqual([400, m.invalidTicketNumber]);
    }
    for (const status of ['pending', 'CLOSED', '', null, 1]) {
      const res = await setStatus(number, status);
      expect([res.status, res.body.error?.message]).toEqual([400, m.invalidStatus]);
    }
    const noBody = await call('PUT', `/api/admin/tickets/${number}/status`, '{"status":');
    expect(noBody.status).toBe(400);
    expect(await stored(number)).toEqual(before.ticket);
    expect(await ticketCounters()).toEqual(before.counters);
  });

  it('answers 404 Ticket not found for an unknown ticket, and writes nothing', async () => {
    const before = await ticketCounters();
    const got = await detail('T-ZZZZZZ');
    expect([got.status, got.body.error?.message]).toEqual([404, m.notFound]);
    const put = await setStatus('T-ZZZZZZ', 'closed');
    expect([put.status, put.body.error?.message]).toEqual([404, m.notFound]);
    expect(await stored('T-ZZZZZZ')).toBeUndefined();
    expect(await ticketCounters()).toEqual(before);
  });
});

describe('admin tickets: list and detail', () => {
  it('finds a ticket from the contact form by each search field, and only in that field', async () => {
    const { number, words: w } = await openTicket();
    await openTicket(); // another ticket, which no search below may find
    const found = async (q: string, field: string) =>
      (await list({ q, field })).body.tickets?.map((t) => t.ticketNumber) ?? [];

    for (const [field, word] of Object.entries(w)) {
      expect(await found(word, field)).toEqual([number]);
      expect(await found(word.toUpperCase(), 'all')).toEqual([number]);
    }
    expect(await found(number.toLowerCase(), 'ticketNumber')).toEqual([number]);
    // A word of one field is not found in another.
    expect(await found(w.subject, 'name')).toEqual([]);
    expect(await found(w.name, 'message')).toEqual([]);
    // Any word matches: one unknown word and one of this ticket's still find it.
    expect(await found(`nothing-like-this ${w.email}`, 'all')).toEqual([number]);

    const res = await list({ q: w.name });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(res.body.tickets[0]).toEqual({
      ticketNumber: number,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      name: `Tess ${w.name}`,
      email: `${w.email}@example.com`,
      phone: w.phone,
      subject: `Question ${w.subject}`,
      tag: 'support',
      status: 'open',
    });
    expect(res.body.totalTickets).toBe((await ticketCounters()).count);

    const one = await detail(number);
    expect(one.status).toBe(200);
    expect(one.body.message).toBe(`Phone: ${w.phone}\n\nWhere is my label?\nRef ${w.message}`);
  });

  it('lists newest first, pages with the exact count, and filters by tag and status', async () => {
    const all = (await list({ pageSize: '25' })).body;
    expect(all.total).toBeGreaterThanOrEqual(3);
    const dates = all.tickets.map((t) => t.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (await list({ page: '2', pageSize: '25' })).body;
    expect(second.total).toBe(all.total);
    expect(second.tickets).toHaveLength(Math.max(0, Math.min(25, all.total - 25)));
    expect((await list({ tag: 'lead' })).body.tickets.every((t) => t.tag === 'lead')).toBe(true);
    const support = (await list({ tag: 'support', status: 'open' })).body;
    expect(support.tickets.every((t) => t.tag === 'support' && t.status === 'open')).toBe(true);
  });

  it('shows a status change in the list and the detail right away', async () => {
    const { number, words: w } = await openTicket();
    expect((await list({ q: w.name, status: 'open' })).body.total).toBe(1);

    const closed = await setStatus(number, 'closed');
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ changed: true, ticket: { ticketNumber: number, status: 'closed' } });
    expect((await list({ q: w.name, status: 'open' })).body.total).toBe(0);
    expect((await list({ q: w.name, status: 'closed' })).body.tickets.map((t) => t.status)).toEqual([
      'closed',
    ]);
    expect((await detail(number)).body.status).toBe('closed');
    const item = await stored(number);
    expect(item?.gsi5sk).toBe(`${item?.updated_at}#${number}`);

    const reopened = await setStatus(number, 'open');
    expect(reopened.body).toMatchObject({ changed: true, ticket: { status: 'open' } });
    expect((await list({ q: w.name })).body.tickets[0].status).toBe('open');
    expect((await detail(number)).body.status).toBe('open');
  });
});

describe('admin tickets: counters', () => {
  it('stay exact under concurrent clicks: ten closes count once, then a mix ends where the ticket is', async () => {
    const { number } = await openTicket();
    const start = await ticketCounters();

    const closes = await Promise.all(Array.from({ length: 10 }, () => setStatus(number, 'closed')));
    expect(closes.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(closes.filter((r) => r.body.changed)).toHaveLength(1);
    expect(await ticketCounters()).toEqual({ ...start, open: start.open - 1, closed: start.closed + 1 });

    const mixed = await Promise.all(
      Array.from({ length: 12 }, (_, i) => setStatus(number, i % 2 ? 'closed' : 'open')),
    );
    expect(mixed.map((r) => r.status)).toEqual(Array(12).fill(200));
    const final = (await detail(number)).body.status;
    const closedNow = final === 'closed' ? 1 : 0;
    expect(await ticketCounters()).toEqual({
      ...start,
      open: start.open - closedNow,
      closed: start.closed + closedNow,
    });
    // Each real change flips the status once: opens and closes that changed something alternate.
    const changes = mixed.filter((r) => r.body.changed).length;
    expect(changes % 2).toBe(closedNow ? 0 : 1);

    // The list's own count of open tickets agrees with the counter (every ticket of this stack was counted).
    const counted = await ticketCounters();
    expect((await list({ status: 'open' })).body.total).toBe(counted.open);
    expect((await list({ status: 'closed' })).body.total).toBe(counted.closed);
    expect((await list({})).body.totalTickets).toBe(counted.count);
  });
});
