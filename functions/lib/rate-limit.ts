import { BatchGetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import { db, tableName } from './db.js';
import { rateLimit } from './entities.js';
import { AppError } from './errors.js';

/**
 * Per-client limits as fixed-window counters in the table (pk RATELIMIT#<scope>, sk = window start), expired by
 * TTL. One limit is a scope (what is counted, for whom: `checkout#ip#203.0.113.9`) and its allowance per
 * window. Two ways to count: `takeSlots` for actions (an order, a label), atomically, all or none; and
 * `assertUnderLimits` + `countHits` for failures only (a lookup with the wrong e-mail).
 */
export interface Limit {
  scope: string;
  max: number;
  windowMinutes: number;
}

export interface Window {
  start: number;
  end: number;
}

/** The message of a 429, given the minutes until the client may try again. */
export type LimitMessage = (minutes: number) => string;

export function windowAt(now: Date, minutes: number): Window {
  const size = minutes * 60_000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start, end: start + size };
}

/** Scopes carry client input (an e-mail): bounded, and the same address in any case is one client. */
export const scopeOf = (...parts: string[]): string =>
  parts.map((p) => p.trim().toLowerCase().slice(0, 200)).join('#');

const keyOf = (limit: Limit, now: Date) =>
  rateLimit.key(limit.scope, windowAt(now, limit.windowMinutes).start);

/** 429 with Retry-After: the time until the longest-waiting of `limits` opens its next window. */
export function rateLimited(limits: Limit[], now: Date, message: LimitMessage): AppError {
  const end = Math.max(...limits.map((l) => windowAt(now, l.windowMinutes).end));
  const seconds = Math.max(1, Math.ceil((end - now.getTime()) / 1000));
  return new AppError('rate_limited', message(Math.ceil(seconds / 60)), undefined, {
    'retry-after': String(seconds),
  });
}

/** The current window's count of each limit. */
export async function hitCounts(limits: Limit[], now: Date): Promise<number[]> {
  if (limits.length === 0) return [];
  const keys = limits.map((l) => keyOf(l, now));
  const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
  const items = result.Responses?.[tableName()] ?? [];
  return keys.map((k) => Number(items.find((i) => i.pk === k.pk && i.sk === k.sk)?.count ?? 0));
}

/** Throws the 429 when any limit is used up in its current window. */
export async function assertUnderLimits(limits: Limit[], now: Date, message: LimitMessage): Promise<void> {
  const counts = await hitCounts(limits, now);
  const full = limits.filter((l, i) => counts[i] >= l.max);
  if (full.length > 0) throw rateLimited(full, now, message);
}

const increment = (limit: Limit, now: Date, by: 1 | -1) => {
  const window = windowAt(now, limit.windowMinutes);
  return {
    TableName: tableName(),
    Key: keyOf(limit, now),
    UpdateExpression: 'SET entity = :entity, #ttl = :ttl ADD #count :by',
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE, '#count': 'count' },
    ExpressionAttributeValues: {
      ':entity': 'rate-limit',
      ':ttl': Math.ceil(window.end / 1000) + 60,
      ':by': by,
    },
  };
};

/** Counts one more hit of every limit (a failure), whatever the counts. */
export async function countHits(limits: Limit[], now: Date): Promise<void> {
  await Promise.all(limits.map((l) => db.send(new UpdateCommand(increment(l, now, 1)))));
}

/**
 * Takes one slot of every limit in one transaction, each only while under its max: all are counted, or none and
 * the 429 names the wait of those used up (simultaneous requests cannot slip past a limit together). Answers
 * a release, which gives the slots back (the action turned out to be a replay of one already counted).
 */
export async function takeSlots(
  limits: Limit[],
  now: Date,
  message: LimitMessage,
): Promise<() => Promise<void>> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: limits.map((l) => ({
          Update: {
            ...increment(l, now, 1),
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
            ExpressionAttributeValues: { ...increment(l, now, 1).ExpressionAttributeValues, ':max': l.max },
          },
        })),
      }),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
    if ((error as { name?: string }).name !== 'TransactionCanceledException' || !reasons) throw error;
    const full = limits.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed');
    if (full.length === 0) throw error;
    throw rateLimited(full, now, message);
  }
  return async () => {
    await Promise.all(limits.map((l) => db.send(new UpdateCommand(increment(l, now, -1)))));
  };
}
