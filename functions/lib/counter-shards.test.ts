import {
  COUNTER_SHARDS,
  counterShard,
  counters,
  type DailyStatsItem,
  type OrderStatsItem,
  sumCounters,
  sumDailyCounters,
} from './entities';

describe('counter shards: the choice', () => {
  it('asks for a number below COUNTER_SHARDS and keys that shard', () => {
    const asked: number[] = [];
    const shard = counterShard((n) => {
      asked.push(n);
      return n - 1;
    });
    expect(asked).toEqual([COUNTER_SHARDS]);
    expect(shard).toBe(COUNTER_SHARDS - 1);
    expect(counters.orders(shard)).toEqual({ pk: 'STATS', sk: `ORDERS#${COUNTER_SHARDS - 1}` });
    expect(counters.day('2026-11-26', shard)).toEqual({
      pk: 'STATS#DAILY',
      sk: `2026-11-26#${COUNTER_SHARDS - 1}`,
    });
  });

  it('spreads writes over every shard (the default random source)', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => counterShard()));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: COUNTER_SHARDS }, (_, i) => i));
  });

  it('keeps every shard key inside the range one read covers, and other counters out of it', () => {
    const { pk, skPrefix } = counters.ordersQuery;
    for (let shard = 0; shard < COUNTER_SHARDS; shard++) {
      expect(counters.orders(shard).pk).toBe(pk);
      expect(counters.orders(shard).sk.startsWith(skPrefix)).toBe(true);
    }
    expect(counters.ordersUnsharded().sk.startsWith(skPrefix)).toBe(true);
    expect(counters.tickets().sk.startsWith(skPrefix)).toBe(false);
    expect(counters.productIds().sk.startsWith(skPrefix)).toBe(false);

    // The chart's range: the first and last day's shards and pre-shard items, nothing of the days around.
    const { from, to } = counters.daysRange('2026-10-28', '2026-11-26');
    const inRange = (sk: string) => sk >= from && sk <= to;
    for (let shard = 0; shard < COUNTER_SHARDS; shard++) {
      expect(inRange(counters.day('2026-10-28', shard).sk)).toBe(true);
      expect(inRange(counters.day('2026-11-26', shard).sk)).toBe(true);
      expect(inRange(counters.day('2026-10-27', shard).sk)).toBe(false);
      expect(inRange(counters.day('2026-11-27', shard).sk)).toBe(false);
    }
    expect(inRange(counters.dayUnsharded('2026-10-28').sk)).toBe(true);
    expect(inRange(counters.dayUnsharded('2026-11-26').sk)).toBe(true);
    expect(inRange(counters.dayUnsharded('2026-11-27').sk)).toBe(false);
  });
});

describe('counter shards: the sum', () => {
  it('adds the shards attribute by attribute, amounts to the cent', () => {
    const shards: OrderStatsItem[] = [
      { pk: 'STATS', sk: 'ORDERS#0', order_count: 2, status_pending: 2, total_amount: 0.1 },
      { pk: 'STATS', sk: 'ORDERS#3', order_count: 1, status_completed: 1, total_amount: 0.2 },
      { pk: 'STATS', sk: 'ORDERS#7', status_pending: -1, status_completed: 1, completed_paid_amount: 19.99 },
    ];
    expect(sumCounters(shards)).toEqual({
      pk: 'STATS',
      sk: 'ORDERS',
      order_count: 3,
      status_pending: 1,
      status_completed: 2,
      // 0.1 + 0.2 in floating point is 0.30000000000000004.
      total_amount: 0.3,
      completed_paid_amount: 19.99,
    });
  });

  it('keeps what the pre-shard item holds (a deployment from before the shards): old + shards', () => {
    const legacy = { pk: 'STATS', sk: 'ORDERS', entity: 'stats', order_count: 1000, total_amount: 25_000.5 };
    const shard = { pk: 'STATS', sk: 'ORDERS#5', entity: 'stats', order_count: 1, total_amount: 39.98 };
    expect(sumCounters<OrderStatsItem>([legacy as OrderStatsItem, shard as OrderStatsItem])).toEqual({
      pk: 'STATS',
      sk: 'ORDERS',
      order_count: 1001,
      total_amount: 25_040.48,
    });
  });

  it('is null with no counters at all', () => {
    expect(sumCounters([])).toBeNull();
  });

  it('sums each day on its own: its shards and its pre-shard item', () => {
    const items: DailyStatsItem[] = [
      { pk: 'STATS#DAILY', sk: '2026-11-25', orders_received: 10, amount_paid: 100 },
      { pk: 'STATS#DAILY', sk: '2026-11-25#2', orders_received: 1 },
      { pk: 'STATS#DAILY', sk: '2026-11-26#0', orders_received: 2, amount_paid: 5.55 },
      { pk: 'STATS#DAILY', sk: '2026-11-26#6', orders_received: 3, amount_paid: 4.45 },
    ];
    expect(sumDailyCounters(items)).toEqual([
      { pk: 'STATS#DAILY', sk: '2026-11-25', orders_received: 11, amount_paid: 100 },
      { pk: 'STATS#DAILY', sk: '2026-11-26', orders_received: 5, amount_paid: 10 },
    ]);
  });
});
