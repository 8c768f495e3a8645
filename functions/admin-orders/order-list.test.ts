import { ZAdminOrderListQuery } from '../../shared/schemas/admin-order-list';
import type { OrderListItem } from '../lib/entities';
import { OrderListCache } from './order-list-cache';

const item = (n: number, over: Partial<OrderListItem> = {}): OrderListItem => ({
  order_id: `C${String(n).padStart(6, '0')}`,
  created_at: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
  updated_at: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
  status: n % 4 === 0 ? 'completed' : 'pending',
  shipment_status: n % 3 === 0 ? 'shipped' : 'pending',
  customer: {
    firstName: `First${n}`,
    lastName: n % 2 ? 'Smith' : 'Jones',
    email: `seller${n}@Example.com`,
    phone: '',
  },
  total_amount: n * 10 + 0.5,
  paid_amount: 0,
  payment_method: n % 2 ? 'paypal' : 'check',
  ...over,
});

/** A reader over a mutable table: `since` filtering as the index's sort key condition does it. */
function fakeTable(items: OrderListItem[]) {
  const table = new Map(items.map((i) => [i.order_id, i]));
  const reads: Array<string | null> = [];
  const read = async function* (since: string | null) {
    reads.push(since);
    const rows = [...table.values()]
      .filter((i) => since === null || `${i.updated_at}#${i.order_id}` > since)
      .sort((a, b) => a.updated_at.localeCompare(b.updated_at));
    for (const row of rows) yield row;
  };
  return { table, reads, read };
}

const query = (q: Record<string, string>) => ZAdminOrderListQuery.parse(q);

describe('orders list (in-memory search, filters, paging)', () => {
  const items = Array.from({ length: 40 }, (_, i) => item(i + 1));

  it('lists newest first with an exact total, 10 per page by default', async () => {
    const cache = new OrderListCache(fakeTable(items).read);
    const first = await cache.list(query({}));
    expect(first.total).toBe(40);
    expect(first.pageSize).toBe(10);
    expect(first.orders.map((o) => o.orderId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `C${String(40 - i).padStart(6, '0')}`),
    );
    const last = await cache.list(query({ page: '4' }));
    expect(last.orders.at(-1)?.orderId).toBe('C000001');
    expect((await cache.list(query({ page: '5' }))).orders).toEqual([]);
  });

  it('searches order number, names, full name and e-mail case-insensitively', async () => {
    const cache = new OrderListCache(fakeTable(items).read);
    expect((await cache.list(query({ q: 'c000007' }))).orders.map((o) => o.orderId)).toEqual(['C000007']);
    expect((await cache.list(query({ q: 'SMITH' }))).total).toBe(20);
    expect((await cache.list(query({ q: 'first3 smith' }))).orders.map((o) => o.orderId)).toEqual([
      'C000003',
    ]);
    expect((await cache.list(query({ q: 'seller12@example' }))).total).toBe(1);
    expect((await cache.list(query({ q: 'nobody' }))).total).toBe(0);
  });

  it('combines status, shipment status, payment method, dates and amounts', async () => {
    const cache = new OrderListCache(fakeTable(items).read);
    expect((await cache.list(query({ status: 'completed' }))).total).toBe(10);
    expect((await cache.list(query({ shipmentStatus: 'shipped' }))).total).toBe(13);
    expect((await cache.list(query({ paymentMethod: 'PayPal' }))).total).toBe(20);
    // Inclusive at both ends: orders 5..8.
    const range = await cache.list(query({ createdFrom: item(5).created_at, createdTo: item(8).created_at }));
    expect(range.orders.map((o) => o.orderId)).toEqual(['C000008', 'C000007', 'C000006', 'C000005']);
    // Totals are n*10+0.5: 100.5 .. 150.5 are orders 10..15.
    expect((await cache.list(query({ minAmount: '100.5', maxAmount: '150.5' }))).total).toBe(6);
    expect((await cache.list(query({ status: 'completed', q: 'jones', minAmount: '200' }))).total).toBe(6);
  });

  it('refreshes with only what changed since its newest read, including new, changed and deleted orders', async () => {
    const t = fakeTable(items);
    const cache = new OrderListCache(t.read);
    await cache.list(query({}));
    expect(t.reads).toEqual([null]);

    // Written now, as every order write stamps its change.
    const later = new Date().toISOString();
    t.table.set('C000003', { ...item(3), status: 'cancelled', updated_at: later });
    t.table.set('C000099', { ...item(99), updated_at: later });
    t.table.set('C000004', { ...item(4), deleted_at: later, updated_at: later });
    const cancelled = await cache.list(query({ status: 'cancelled' }));
    expect(cancelled.orders.map((o) => o.orderId)).toEqual(['C000003']);
    expect(t.reads[1]).not.toBeNull();
    const all = await cache.list(query({ pageSize: '100' }));
    expect(all.total).toBe(40);
    expect(all.orders[0].orderId).toBe('C000099');
    expect(all.orders.map((o) => o.orderId)).not.toContain('C000004');
    // Still newest first after changes in place.
    const created = all.orders.map((o) => o.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('ignores an older copy of an order it already holds (an overlap re-read or a late index entry)', async () => {
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    const t = fakeTable([item(1, { status: 'processing', updated_at: at(-1000) })]);
    const cache = new OrderListCache(t.read);
    await cache.list(query({}));
    const changedAt = at(0);
    t.table.set('C000001', item(1, { status: 'pending', updated_at: changedAt }));
    expect((await cache.list(query({}))).orders[0].status).toBe('pending');
    // The same order read again with its earlier copy must not move it back.
    t.table.set('C000001', item(1, { status: 'processing', updated_at: changedAt }));
    expect((await cache.list(query({}))).orders[0].status).toBe('pending');
  });

  it('loads a large shop in bulk (sorted once) and keeps the same order and counts as placing one by one', async () => {
    const many = Array.from({ length: 1_200 }, (_, i) => item(i + 1));
    // Index order is by change time, not creation: shuffle what the reader returns.
    const shuffled = [...many].sort(
      (a, b) => (a.order_id.charCodeAt(6) % 7) - (b.order_id.charCodeAt(6) % 7),
    );
    const cache = new OrderListCache(fakeTable(shuffled).read);
    const all = await cache.list(query({ pageSize: '100', page: '12' }));
    expect(all.total).toBe(1_200);
    expect(all.orders.map((o) => o.orderId)).toEqual(
      Array.from({ length: 100 }, (_, i) => `C${String(100 - i).padStart(6, '0')}`),
    );
    expect((await cache.list(query({ status: 'completed' }))).total).toBe(300);
    expect((await cache.list(query({ q: 'first1199x' }))).total).toBe(0);
    expect((await cache.list(query({ q: 'first1199' }))).orders.map((o) => o.orderId)).toEqual(['C001199']);
  });

  it('after a burst of writes, reads only from shortly before its last refresh, not the whole burst again', async () => {
    const now = Date.now();
    const burst = Array.from({ length: 50 }, (_, i) =>
      item(i + 1, { updated_at: new Date(now - 60_000).toISOString() }),
    );
    const t = fakeTable(burst);
    const cache = new OrderListCache(t.read);
    await cache.list(query({}));
    await cache.list(query({}));
    // The second read starts 10 s before the first refresh began: past the burst a minute earlier.
    expect(t.reads[1]! > burst[0].updated_at).toBe(true);
    expect(Date.parse(t.reads[1]!)).toBeGreaterThanOrEqual(now - 10_000 - 1000);
  });

  it('refuses malformed query values with the messages', () => {
    expect(ZAdminOrderListQuery.safeParse({ pageSize: '20' }).success).toBe(false);
    expect(ZAdminOrderListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ZAdminOrderListQuery.safeParse({ minAmount: 'ten' }).error?.issues[0].message).toBe(
      'Amount must be a number',
    );
    expect(ZAdminOrderListQuery.safeParse({ status: 'shipped' }).success).toBe(false);
    expect(ZAdminOrderListQuery.safeParse({ createdFrom: 'yesterday' }).success).toBe(false);
  });
});
