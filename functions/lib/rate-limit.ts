import { BatchGetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import { db, tableName } from './db.js';
import { rateLimit } from './entities.js';
import { AppError } from './errors.js';

/**
 * Per-client limits as counters in the table, one item per scope (pk RATELIMIT#<scope>), expired by TTL. One
 * limit is a scope (what is counted, for whom: `checkout#ip#203.0.113.9`) and its allowance per window. A
 * window opens at the scope's first hit and lasts `windowMinutes` (not clock-aligned, so a client never gets a
 * fresh allowance at a boundary it can time, and Retry-After is exact). Two ways to count: `takeSlots` for
 * actions (an order, a label), atomically, all or none; `limitStates` + `countHits` for failures only
 * (a lookup with the wrong e-mail).
 */
export interface Limit {
  scope: string;
  max: number;
  windowMinutes: number;
}

/** The message of a 429, given the minutes until the client may try again. */
export type LimitMessage = (minutes: number) => string;

interface WindowItem {
  count?: number;
  window_end?: number;
}

/** Scopes carry client input (an e-mail): bounded, and the same address in any case is one client. */
export const scopeOf = (...parts: string[]): string =>
  parts.map((p) => p.trim().toLowerCase().slice(0, 200)).join('#');

const open = (item: WindowItem | undefined, now: Date): item is Required<WindowItem> =>
  item?.window_end !== undefined && item.window_end > now.getTime();

/** 429 with Retry-After: the time until the last of these windows ends. */
export function rateLimited(windowEnds: number[], now: Date, message: LimitMessage): AppError {
  const seconds = Math.max(1, Math.ceil((Math.max(...windowEnds) - now.getTime()) / 1000));
  return new AppError('rate_limited', message(Math.ceil(seconds / 60)), undefined, {
    'retry-after': String(seconds),
  });
}

async function readWindows(limits: Limit[]): Promise<Array<WindowItem | undefined>> {
  if (limits.length === 0) return [];
  const keys = limits.map((l) => rateLimit.key(l.scope));
  const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
  const items = result.Responses?.[tableName()] ?? [];
  return keys.map((k) => items.find((i) => i.pk === k.pk && i.sk === k.sk) as WindowItem | undefined);
}

/** Each limit's hits in its open window and when that ends (0 hits, and now, when none is open). */
export async function limitStates(
  limits: Limit[],
  now: Date,
): Promise<Array<{ count: number; full: boolean; windowEnd: number }>> {
  return (await readWindows(limits)).map((item, i) => {
    const count = open(item, now) ? Number(item.count ?? 0) : 0;
    return { count, full: count >= limits[i].max, windowEnd: item?.window_end ?? now.getTime() };
  });
}

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** One more hit in the open window (condition: it is open, and, with `max`, not full). */
const hitInWindow = (limit: Limit, now: Date, max?: number) => ({
  TableName: tableName(),
  Key: rateLimit.key(limit.scope),
  UpdateExpression: 'ADD #count :one',
  ConditionExpression: `#end > :now${max === undefined ? '' : ' AND #count < :max'}`,
  ExpressionAttributeNames: { '#count': 'count', '#end': 'window_end' },
  ExpressionAttributeValues: {
    ':one': 1,
    ':now': now.getTime(),
    ...(max === undefined ? {} : { ':max': max }),
  },
});

/** Opens a new empty window where none is open; a concurrent opener wins and this one does nothing. */
async function openWindow(limit: Limit, now: Date): Promise<void> {
  const end = now.getTime() + limit.windowMinutes * 60_000;
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...rateLimit.key(limit.scope),
          entity: 'rate-limit',
          count: 0,
          window_end: end,
          [TTL_ATTRIBUTE]: Math.ceil(end / 1000) + 60,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR window_end <= :now',
        ExpressionAttributeValues: { ':now': now.getTime() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

const ATTEMPTS = 4;

type RawItem = Record<string, { N?: string } | number | undefined>;
const numberOf = (value: RawItem[string]): number | undefined =>
  typeof value === 'number' ? value : value?.N === undefined ? undefined : Number(value.N);
const fromRaw = (item: RawItem | undefined): WindowItem | undefined =>
  item && { count: numberOf(item.count), window_end: numberOf(item.window_end) };

/** Counts one more hit of every limit (a failure), whatever the counts. */
export async function countHits(limits: Limit[], now: Date): Promise<void> {
  await Promise.all(
    limits.map(async (limit) => {
      for (let attempt = 1; ; attempt++) {
        try {
          await db.send(new UpdateCommand(hitInWindow(limit, now)));
          return;
        } catch (error) {
          if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
          await openWindow(limit, now);
        }
      }
    }),
  );
}

/**
 * Takes one slot of every limit in one transaction, each only while under its max: all are counted, or none
 * and the 429 names the wait of those used up (simultaneous requests cannot slip past a limit together).
 * Limits without an open window get one first. With `once` (a checkout's idempotency key) an action is
 * counted once, however often and however simultaneously it is sent: the first claims it in the same
 * transaction, the others take nothing and go on (to answer the original). Answers a release, which gives
 * the slots back (another request did the action).
 */
export async function takeSlots(
  limits: Limit[],
  now: Date,
  message: LimitMessage,
  once?: string,
): Promise<() => Promise<void>> {
  const longest = Math.max(...limits.map((l) => l.windowMinutes));
  const claim = once
    ? [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...rateLimit.claim(once),
              entity: 'rate-limit',
              [TTL_ATTRIBUTE]: Math.ceil(now.getTime() / 1000) + longest * 60 + 60,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]
    : [];
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            ...limits.map((l) => ({
              Update: {
                ...hitInWindow(l, now, l.max),
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
              },
            })),
            ...claim,
          ],
        }),
      );
      break;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string; Item?: RawItem }> })
        .CancellationReasons;
      if ((error as { name?: string }).name !== 'TransactionCanceledException' || !reasons) throw error;
      // Already counted under the same `once`: nothing to take, nothing to give back.
      if (once && reasons[limits.length]?.Code === 'ConditionalCheckFailed') return async () => {};
      // The document client leaves a cancellation's item in DynamoDB's own format ({ N: '5' }).
      const failed = limits.map((l, i) => ({
        limit: l,
        reason: { Code: reasons[i]?.Code, Item: fromRaw(reasons[i]?.Item) },
      }));
      const full = failed.filter(
        ({ limit, reason }) =>
          reason?.Code === 'ConditionalCheckFailed' &&
          open(reason.Item, now) &&
          Number(reason.Item.count) >= limit.max,
      );
      if (full.length > 0) {
        throw rateLimited(
          full.map(({ reason }) => Number(reason?.Item?.window_end)),
          now,
          message,
        );
      }
      const closed = failed.filter(
        ({ reason }) => reason?.Code === 'ConditionalCheckFailed' && !open(reason.Item, now),
      );
      if (attempt >= ATTEMPTS) throw error;
      // No window open yet (or a concurrent write): open the missing ones and try again.
      await Promise.all(closed.map(({ limit }) => openWindow(limit, now)));
    }
  }
  return async () => {
    await Promise.all(
      limits.map((l) =>
        db
          .send(
            new UpdateCommand({
              ...hitInWindow(l, now),
              UpdateExpression: 'ADD #count :minus',
              ExpressionAttributeValues: { ':minus': -1, ':now': now.getTime() },
            }),
          )
          // The window closed meanwhile: nothing left to give back.
          .catch((error: unknown) => {
            if (!isConditionFailure(error)) throw error;
          }),
      ),
    );
  };
}
