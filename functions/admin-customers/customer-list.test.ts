import { adminCustomerMessages as m } from '../../shared/messages';
import {
  type AdminCustomerListQuery,
  type AdminCustomerListQueryInput,
  ZAdminCustomerListQuery,
} from '../../shared/schemas/admin-customer-list';
import { type CustomerItem, customer } from '../lib/entities';
import { CustomerListCache } from './customer-list-cache';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 30, 12);
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

function item(
  email: string,
  over: Partial<CustomerItem> & { first?: number; last?: number } = {},
): CustomerItem {
  const { first = 100, last = 10, ...rest } = over;
  return {
    ...customer.key(email),
    entity: 'customer',
    id: customer.idOf(email),
    email,
    name: 'Ann Lee',
    phone: '(555) 123-4567',
    address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    total_orders: 1,
    total_amount: 50,
    first_order_date: daysAgo(first),
    last_order_date: daysAgo(last),
    created_at: daysAgo(first),
    updated_at: daysAgo(last),
    ...rest,
  };
}

/** A cache over a fixed table, as the changes index would answer it. */
function cacheOver(items: CustomerItem[]) {
  const rows = [...items];
  const cache = new CustomerListCache(
    async function* (since) {
      for (const i of [...rows].sort((a, b) => (a.updated_at < b.updated_at ? -1 : 1)))
        if (since === null || i.updated_at > since) yield { ...i };
    },
    () => NOW,
  );
  return { rows, cache };
}

const parse = (input: AdminCustomerListQueryInput): AdminCustomerListQuery => {
  const result = ZAdminCustomerListQuery.safeParse(input);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};

const CUSTOMERS = [
  item('ann@example.com', { name: 'Ann Lee', total_orders: 1, total_amount: 20, last: 1, first: 1 }),
  item('bob@example.com', {
    name: 'Bob Stone',
    phone: '(555) 987-6543',
    total_orders: 3,
    total_amount: 150.5,
    last: 20,
    first: 200,
  }),
  item('cara.lee@example.com', {
    name: 'Cara Moss',
    total_orders: 7,
    total_amount: 999.99,
    last: 100,
    first: 400,
  }),
  item('dev@example.com', { name: 'Dev Patel', total_orders: 2, total_amount: 60, last: 400, first: 500 }),
];

describe('customers list over the cache rows', () => {
  const { cache } = cacheOver(CUSTOMERS);
  const names = async (input: AdminCustomerListQueryInput) => {
    const list = await cache.list(parse(input));
    return { names: list.customers.map((c) => c.name), total: list.total };
  };

  it('lists newest last order first with the exact count', async () => {
    expect(await names({})).toEqual({ names: ['Ann Lee', 'Bob Stone', 'Cara Moss', 'Dev Patel'], total: 4 });
  });

  it('searches case-insensitively in the chosen fields only', async () => {
    // 'lee' is Ann's surname and inside Cara's e-mail.
    expect((await names({ q: 'LEE' })).names).toEqual(['Ann Lee', 'Cara Moss']);
    expect((await names({ q: 'lee', fields: 'name' })).names).toEqual(['Ann Lee']);
    expect((await names({ q: 'lee', fields: 'email' })).names).toEqual(['Cara Moss']);
    expect((await names({ q: 'lee', fields: 'phone' })).total).toBe(0);
  });

  it('finds a phone by its digits as well as by its formatting', async () => {
    expect((await names({ q: '5559876543' })).names).toEqual(['Bob Stone']);
    expect((await names({ q: '(555) 987', fields: 'phone' })).names).toEqual(['Bob Stone']);
  });

  it('filters by inclusive order count and amount ranges, in cents', async () => {
    expect((await names({ minOrders: '2', maxOrders: '3' })).names).toEqual(['Bob Stone', 'Dev Patel']);
    expect((await names({ minAmount: '150.5' })).names).toEqual(['Bob Stone', 'Cara Moss']);
    expect((await names({ maxAmount: '150.49' })).names).toEqual(['Ann Lee', 'Dev Patel']);
    expect((await names({ minOrders: '0', minAmount: '0' })).total).toBe(4);
  });

  it('filters by first and last order date ranges, both ends included', async () => {
    expect((await names({ lastOrderFrom: daysAgo(20), lastOrderTo: daysAgo(1) })).names).toEqual([
      'Ann Lee',
      'Bob Stone',
    ]);
    expect((await names({ firstOrderTo: daysAgo(400) })).names).toEqual(['Cara Moss', 'Dev Patel']);
    expect((await names({ firstOrderFrom: daysAgo(200), firstOrderTo: daysAgo(200) })).names).toEqual([
      'Bob Stone',
    ]);
  });

  it('keeps customers whose last order is more than N days ago', async () => {
    expect((await names({ inactiveDays: '90' })).names).toEqual(['Cara Moss', 'Dev Patel']);
    expect((await names({ inactiveDays: '365' })).names).toEqual(['Dev Patel']);
    expect((await names({ inactiveDays: '14', q: 'e', fields: 'name' })).names).toEqual([
      'Bob Stone',
      'Dev Patel',
    ]);
  });

  it('pages the match and counts all of it', async () => {
    const second = await cache.list(parse({ pageSize: '10', page: '1', minOrders: '1' }));
    expect(second.customers).toHaveLength(4);
    const beyond = await cache.list(parse({ page: '2' }));
    expect(beyond).toMatchObject({ customers: [], total: 4, page: 2, pageSize: 10 });
  });
});

describe('customers list cache refresh', () => {
  // The cache reads changes since its last refresh by the real clock, so the changes are stamped by it too.
  it('shows an edit and moves a customer with a new last order', async () => {
    const { rows, cache } = cacheOver(CUSTOMERS.slice(0, 3));
    await cache.list(parse({}));
    const edited = {
      ...rows[2],
      name: 'Cara Renamed',
      updated_at: new Date(Date.now() + 1000).toISOString(),
      revision: 1,
    };
    rows[2] = edited;
    const reordered = {
      ...rows[1],
      last_order_date: new Date(NOW).toISOString(),
      updated_at: new Date(Date.now() + 2000).toISOString(),
      total_orders: 4,
      revision: 1,
    };
    rows[1] = reordered;
    const list = await cache.list(parse({}));
    expect(list.customers.map((c) => c.name)).toEqual(['Bob Stone', 'Ann Lee', 'Cara Renamed']);
    expect(list.customers[0].totalOrders).toBe(4);
  });
});

describe('customers list query', () => {
  const refused = (input: Record<string, string>) => {
    const result = ZAdminCustomerListQuery.safeParse(input);
    if (result.success) return null;
    return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('defaults to every search field, page 1 of 10', () => {
    expect(parse({})).toMatchObject({ fields: ['name', 'email', 'phone'], page: 1, pageSize: 10 });
  });

  it('refuses each bad parameter with its message', () => {
    expect(refused({ fields: 'name,address' })).toEqual({ fields: m.invalidSearchFields });
    expect(refused({ minOrders: '-1' })).toEqual({ minOrders: m.invalidOrderCount });
    expect(refused({ maxOrders: '1.5' })).toEqual({ maxOrders: m.invalidOrderCount });
    expect(refused({ minAmount: '-0.01' })).toEqual({ minAmount: m.invalidAmount });
    expect(refused({ maxAmount: '1.234' })).toEqual({ maxAmount: m.invalidAmount });
    expect(refused({ lastOrderFrom: '2026-13-01' })).toEqual({ lastOrderFrom: m.invalidDate });
    expect(refused({ inactiveDays: '0' })).toEqual({ inactiveDays: m.invalidInactiveDays });
    expect(refused({ inactiveDays: '3651' })).toEqual({ inactiveDays: m.invalidInactiveDays });
    expect(refused({ pageSize: '20' })).toEqual({ pageSize: m.invalidPageSize });
    expect(refused({ page: '0' })).toEqual({ page: m.invalidPage });
    expect(refused({ q: 'x'.repeat(101) })).toEqual({ q: m.searchTooLong });
  });

  it('refuses ranges whose end comes before their start', () => {
    expect(refused({ minOrders: '5', maxOrders: '2' })).toEqual({ maxOrders: m.orderRange });
    expect(refused({ minAmount: '10', maxAmount: '9.99' })).toEqual({ maxAmount: m.amountRange });
    expect(refused({ firstOrderFrom: daysAgo(1), firstOrderTo: daysAgo(2) })).toEqual({
      firstOrderTo: m.dateRange,
    });
    expect(refused({ lastOrderFrom: daysAgo(1), lastOrderTo: daysAgo(2) })).toEqual({
      lastOrderTo: m.dateRange,
    });
  });
});
