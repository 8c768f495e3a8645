/** The counters of the one table (entities.ts re-exports them): order, ticket and day counters. */
import { randomInt } from 'node:crypto';
import { TABLE_PARTITIONS as P } from '../../shared/table-keys.js';

// -------------------------------------------------------------------------------------------------- counters

/**
 * Order counters, changed in the same transaction as every write they count: order_count (every order, the
 * dashboard's Inbound Shipments), status_<status>, total_amount (all orders), completed_paid_amount and
 * completed_total_amount (orders now completed: Total Payments and the average order value). Stored as
 * COUNTER_SHARDS shards (`ORDERS#<n>`) plus, on deployments from before the shards, the one item `ORDERS`:
 * this type is one of those items, or their sum (`sumCounters`).
 */
export interface OrderStatsItem {
  pk: 'STATS';
  sk: string;
  order_count?: number;
  total_amount?: number;
  completed_paid_amount?: number;
  completed_total_amount?: number;
  [status: `status_${string}`]: number | undefined;
}

/**
 * One UTC day's orders received and amounts paid (the dashboard chart), in one partition: one Query. Stored
 * as shards (`<day>#<n>`) plus a pre-shard `<day>` item; summed per day on read (`sumDailyCounters`).
 */
export interface DailyStatsItem {
  pk: 'STATS#DAILY';
  sk: string;
  orders_received?: number;
  amount_paid?: number;
}

/**
 * How many items each hot counter is spread over. Every checkout ADDs to the order counters and to today's
 * counters in its transaction: on one item each, concurrent checkouts conflict (TransactionConflict) and
 * retry. A write ADDs to one shard picked at random; a read sums every shard (and the pre-shard item). Only
 * statistics are sharded: a counter that hands out numbers (PRODUCTID, tickets) must stay one item.
 */
export const COUNTER_SHARDS = 8;

/** The shard one write ADDs to: any of them, uniformly (`random(n)` is an integer in [0, n)). */
export const counterShard = (random: (n: number) => number = randomInt): number => random(COUNTER_SHARDS);

const ORDERS_SORT = 'ORDERS';
/** Between a day (`YYYY-MM-DD`) and its shard number: sorts after the day alone, before the next day. */
const SHARD_SEPARATOR = '#';

export const counters = {
  /** One shard of the order counters (writes: `counters.orders(counterShard())`). */
  orders: (shard: number) => ({ pk: P.stats, sk: `${ORDERS_SORT}${SHARD_SEPARATOR}${shard}` }),
  /**
   * Every item of the order counters in one Query of the STATS partition, `begins_with(sk, :orders)`: the
   * shards and the pre-shard `ORDERS` item (never TICKETS or PRODUCTID).
   */
  ordersQuery: { pk: P.stats, skPrefix: ORDERS_SORT },
  /** The order counters' item from before the shards (read only, summed with the shards). */
  ordersUnsharded: () => ({ pk: P.stats, sk: ORDERS_SORT }),
  tickets: () => ({ pk: P.stats, sk: 'TICKETS' as const }),
  /** `last_productid`: the highest productid handed out (new products take the next ones). */
  productIds: () => ({ pk: P.stats, sk: 'PRODUCTID' as const }),
  /** One shard of a UTC day's counters; `day` is `YYYY-MM-DD`. */
  day: (day: string, shard: number) => ({ pk: P.dailyStats, sk: `${day}${SHARD_SEPARATOR}${shard}` }),
  /** A day's item from before the shards (read only). */
  dayUnsharded: (day: string) => ({ pk: P.dailyStats, sk: day }),
  /**
   * The sort key range of every item of the days `fromDay` to `toDay`, shards and pre-shard items alike:
   * `sk BETWEEN from AND to`, one Query of the STATS#DAILY partition.
   */
  daysRange: (fromDay: string, toDay: string) => ({ from: fromDay, to: `${toDay}${SHARD_SEPARATOR}~` }),
  dailyPartition: P.dailyStats,
  /** One UTC day's messages (MessageStatsItem): the marketing page's figures and the SMS daily limit. */
  messagingDay: (day: string) => ({ pk: P.messagingStats, sk: day }),
  messagingPartition: P.messagingStats,
} as const;

/** Attributes of a counters item that are not counts. */
const NOT_COUNTS = new Set(['pk', 'sk', 'entity']);

/**
 * The shards of one counter (and its pre-shard item) added up, attribute by attribute; null when there is
 * none. Amounts are summed in cents, so many shards never drift from the sum one item would have held.
 */
export function sumCounters<T extends { pk: string; sk: string }>(items: readonly T[]): T | null {
  if (items.length === 0) return null;
  const cents = new Map<string, number>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (NOT_COUNTS.has(name) || typeof value !== 'number') continue;
      cents.set(name, (cents.get(name) ?? 0) + Math.round(value * 100));
    }
  }
  const { pk, sk } = items[0];
  const sums = Object.fromEntries([...cents].map(([name, c]) => [name, c / 100]));
  return { pk, sk: sk.split(SHARD_SEPARATOR)[0], ...sums } as unknown as T;
}

/** Day counters items (shards and pre-shard items, any order) summed per day, keyed `YYYY-MM-DD`. */
export function sumDailyCounters(items: readonly DailyStatsItem[]): DailyStatsItem[] {
  const byDay = new Map<string, DailyStatsItem[]>();
  for (const item of items) {
    const day = item.sk.split(SHARD_SEPARATOR)[0];
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  return [...byDay.values()].map((dayItems) => sumCounters(dayItems)!);
}

/**
 * One UTC day's messages, counted when each one's status changes (a conditional write succeeded), on the day
 * the message was created: email_sent / email_failed (SES accepted it / it failed for good), email_bounced,
 * email_complained; sms_sent (Twilio accepted it), sms_failed (refused or failed before acceptance),
 * sms_delivered, sms_undelivered (accepted, then undelivered or failed). `sms_daily` counts SMS handed to
 * Twilio that day against the daily limit (an ADD with a condition, so concurrent sends cannot pass it).
 */
export interface MessageStatsItem {
  pk: 'STATS#MESSAGING';
  sk: string;
  email_sent?: number;
  email_failed?: number;
  email_bounced?: number;
  email_complained?: number;
  sms_sent?: number;
  sms_failed?: number;
  sms_delivered?: number;
  sms_undelivered?: number;
  sms_daily?: number;
}
export type MessageCounter = Exclude<keyof MessageStatsItem, 'pk' | 'sk'>;

/** The UTC day of an instant, as the daily counters key it. */
export const dayOf = (at: string | Date): string =>
  (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);
