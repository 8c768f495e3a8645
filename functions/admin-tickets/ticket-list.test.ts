import { type AdminTicketListQuery, ZAdminTicketListQuery } from '../../shared/schemas/admin-ticket-list';
import { matchTickets, searchWords, TicketIndex, toTicketEntry } from './ticket-list';
import { TicketListCache } from './ticket-list-cache';
import type { StoredTicket } from './ticket-views';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

function stored(n: number, fields: Partial<StoredTicket> = {}): StoredTicket {
  return {
    id: `id-${n}`,
    ticket_number: `T-${String(n).padStart(6, 'A')}`,
    name: `Person ${n}`,
    email: `person${n}@example.com`,
    phone: `555000${String(n).padStart(4, '0')}`,
    subject: `Subject ${n}`,
    message: `Phone: 555\n\nMessage ${n}`,
    tag: 'support',
    status: 'open',
    created_at: at(n),
    updated_at: at(n),
    ...fields,
  };
}

const query = (input: Record<string, string> = {}): AdminTicketListQuery =>
  ZAdminTicketListQuery.parse(input);

const TICKETS = [
  stored(1, { name: 'Ann Lee', subject: 'Label question', tag: 'lead' }),
  stored(2, { name: 'Bob Smith', email: 'BOB@Example.com', status: 'closed' }),
  stored(3, { name: 'Cara Jones', phone: '(555) 777-1234', message: 'Where is my LABEL?\nThanks' }),
  stored(4, { name: 'Dev Patel', subject: 'Payout', tag: 'lead', status: 'closed' }),
];
const index = () =>
  new TicketIndex(TICKETS.map(toTicketEntry).sort((a, b) => (a.sortKey < b.sortKey ? 1 : -1)));
const numbers = (q: AdminTicketListQuery) => matchTickets(index(), q).map((e) => e.row.ticketNumber);
const N = (n: number) => stored(n).ticket_number;

describe('tickets list query', () => {
  it('defaults to every ticket, first page of 25', () => {
    expect(query()).toEqual({ tag: 'all', q: '', field: 'all', status: 'all', page: 1, pageSize: 25 });
  });

  it.each([
    [{ tag: 'leads' }, 'tag', 'Please choose a valid ticket tag'],
    [{ field: 'customer_name' }, 'field', 'Please choose a valid search field'],
    [{ status: 'pending' }, 'status', 'Please choose a valid ticket status'],
    [{ page: '0' }, 'page', 'Page must be a whole number from 1'],
    [{ page: '1.5' }, 'page', 'Page must be a whole number from 1'],
    [{ pageSize: '10' }, 'pageSize', 'Page size must be 25, 50 or 100'],
    [{ q: 'x'.repeat(101) }, 'q', 'Search must be at most 100 characters'],
  ])('refuses %j with its message', (input, field, message) => {
    const result = ZAdminTicketListQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe('searchWords', () => {
  it('splits on whitespace, lower-cases, and drops words another word already covers', () => {
    expect(searchWords('  Label   LABELS label\tann ')).toEqual(['label', 'ann']);
    expect(searchWords('')).toEqual([]);
  });
});

describe('matchTickets', () => {
  it('lists every ticket newest first without a search', () => {
    expect(numbers(query())).toEqual([N(4), N(3), N(2), N(1)]);
  });

  it('filters by tag and status', () => {
    expect(numbers(query({ tag: 'lead' }))).toEqual([N(4), N(1)]);
    expect(numbers(query({ status: 'closed' }))).toEqual([N(4), N(2)]);
    expect(numbers(query({ tag: 'support', status: 'open' }))).toEqual([N(3)]);
  });

  it('matches any word, case-insensitively, in any field for "all"', () => {
    // 'label' is in #1's subject and #3's message; 'smith' in #2's name.
    expect(numbers(query({ q: 'LABEL smith' }))).toEqual([N(3), N(2), N(1)]);
    expect(numbers(query({ q: 'bob@example' }))).toEqual([N(2)]);
    expect(numbers(query({ q: N(4).toLowerCase() }))).toEqual([N(4)]);
  });

  it('searches only the chosen field', () => {
    expect(numbers(query({ q: 'label', field: 'subject' }))).toEqual([N(1)]);
    expect(numbers(query({ q: 'label', field: 'message' }))).toEqual([N(3)]);
    expect(numbers(query({ q: 'label', field: 'name' }))).toEqual([]);
    expect(numbers(query({ q: '777-1234', field: 'phone' }))).toEqual([N(3)]);
    expect(numbers(query({ q: 'person1@', field: 'email' }))).toEqual([N(1)]);
    expect(numbers(query({ q: 'T-AAAAA3', field: 'ticketNumber' }))).toEqual([N(3)]);
    expect(numbers(query({ q: 'jones', field: 'email' }))).toEqual([]);
  });

  it('combines a search with the filters', () => {
    expect(numbers(query({ q: 'label', status: 'open', tag: 'lead' }))).toEqual([N(1)]);
  });

  it('never matches across two tickets or two fields', () => {
    // #4's message ends 'Message 4' and #3's name starts 'Cara': the joined text must not make 'message 4cara' or
    // a name+email word like 'patelperson4'.
    expect(numbers(query({ q: '4cara' }))).toEqual([]);
    expect(numbers(query({ q: 'patelperson4' }))).toEqual([]);
  });

  it('reads a legacy ticket (old contact names, no tag or status) as an open support ticket', () => {
    const legacy = toTicketEntry({
      ticket_number: 'OLD-17',
      customer_name: 'Old Timer',
      customer_email: 'old@example.com',
      customer_phone: '5551112222',
      created_at: at(9),
    } as StoredTicket);
    expect(legacy.row).toMatchObject({
      name: 'Old Timer',
      email: 'old@example.com',
      phone: '5551112222',
      tag: 'support',
      status: 'open',
      updatedAt: at(9),
    });
  });
});

describe('TicketListCache', () => {
  it('pages with the exact count, and sees a status change on the next request', async () => {
    let items = Array.from({ length: 60 }, (_, i) => stored(i + 1));
    const cache = new TicketListCache(
      async function* (since) {
        for (const item of items) if (!since || (item.updated_at ?? '') > since) yield item;
      },
      async () => 60,
    );
    const first = await cache.list(query({ pageSize: '25' }));
    expect(first).toMatchObject({ total: 60, page: 1, pageSize: 25, totalTickets: 60 });
    expect(first.tickets[0].ticketNumber).toBe(N(60));
    const last = await cache.list(query({ page: '3' }));
    expect(last.tickets.map((t) => t.ticketNumber)).toEqual(Array.from({ length: 10 }, (_, i) => N(10 - i)));
    expect((await cache.list(query({ page: '4' }))).tickets).toEqual([]);

    expect((await cache.list(query({ status: 'closed' }))).total).toBe(0);
    items = [{ ...stored(7), status: 'closed', updated_at: new Date(Date.now() + 60_000).toISOString() }];
    const closed = await cache.list(query({ status: 'closed' }));
    expect(closed.total).toBe(1);
    expect(closed.tickets[0]).toMatchObject({ ticketNumber: N(7), status: 'closed' });
    expect((await cache.list(query({ status: 'open' }))).total).toBe(59);

    // The search outlives the change: the closed ticket is found by a word, with its new status.
    expect(
      (await cache.list(query({ q: 'person7', status: 'closed' }))).tickets.map((t) => t.ticketNumber),
    ).toEqual([N(7)]);
    items = [
      { ...stored(8), subject: 'Label lost', updated_at: new Date(Date.now() + 120_000).toISOString() },
    ];
    expect((await cache.list(query({ q: 'label subject', field: 'subject' }))).total).toBe(60);
    expect(
      (await cache.list(query({ q: 'label', field: 'subject' }))).tickets.map((t) => t.ticketNumber),
    ).toEqual([N(8)]);
  });
});
