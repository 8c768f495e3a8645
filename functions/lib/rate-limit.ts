import { BatchGetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import { db, tableName } from './db.js';
import { rateLimit } from './entities.js';
import { AppError } from './errors.js';

/**
 * Per-client limits as counters in the table, one item per scope (pk RATELIMIT#<scope>), expired by TTL. One
 * limit is a scope (what is counted, for whom: `checkout#ip#203.0.113.9`) and its allowance per window. A
 * window opens at the scope's first hit and lasts `windowMinutes` (not clock-aligned, so a client never gets a
 * fresh allowance at a boundary it can time, and Retry-After is exact). A hit is one conditional update that
 * opens the window when there is none, so a first hit costs no more than any other. Three ways to count:
 * `slotWrite` inside the caller's own transaction (checkout counts its limits in the order's write),
 * `takeSlots` for an action on its own (a label), and `limitStates` + `countHits` for failures only (a lookup
 * with the wrong e-mail).
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

/**
 * One more hit of `limit`: counted in its open window, or in a new one (count 1, ending a window length from
 * now) when the scope has none. Refused, with the item as it was, when the window is full (with `max`) or has
 * ended without being removed yet (TTL removes items late): `refusedSlots` tells which.
 */
function hit(limit: Limit, now: Date, max?: number) {
  const end = now.getTime() + limit.windowMinutes * 60_000;
  return {
    TableName: tableName(),
    Key: rateLimit.key(limit.scope),
    UpdateExpression:
      'SET entity = :entity, #end = if_not_exists(#end, :end), #ttl = if_not_exists(#ttl, :ttl) ADD #count :one',
    ConditionExpression: `attribute_not_exists(pk) OR (#end > :now${max === undefined ? '' : ' AND #count < :max'})`,
    ExpressionAttributeNames: { '#count': 'count', '#end': 'window_end', '#ttl': TTL_ATTRIBUTE },
    ExpressionAttributeValues: {
      ':entity': 'rate-limit',
      ':end': end,
      ':ttl': Math.ceil(end / 1000) + 60,
      ':one': 1,
      ':now': now.getTime(),
      ...(max === undefined ? {} : { ':max': max }),
    },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
}

/** The TransactWriteItem that takes one slot of `limit` inside the caller's transaction. */
export const slotWrite = (limit: Limit, now: Date) => ({ Update: hit(limit, now, limit.max) });

/**
 * Starts a new, empty window where one has ended (and only there), so the next hit counts in it. An update,
 * not a delete: no public route may delete items.
 */
async function restartEnded(limit: Limit, now: Date): Promise<void> {
  const end = now.getTime() + limit.windowMinutes * 60_000;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimit.key(limit.scope),
        UpdateExpression: 'SET #count = :zero, #end = :end, #ttl = :ttl',
        ConditionExpression: '#end <= :now',
        ExpressionAttributeNames: { '#count': 'count', '#end': 'window_end', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':end': end,
          ':ttl': Math.ceil(end / 1000) + 60,
          ':now': now.getTime(),
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

type RawItem = Record<string, { N?: string } | number | undefined>;
const numberOf = (value: RawItem[string]): number | undefined =>
  typeof value === 'number' ? value : value?.N === undefined ? undefined : Number(value.N);
const fromRaw = (item: RawItem | undefined): WindowItem | undefined =>
  item && { count: numberOf(item.count), window_end: numberOf(item.window_end) };

/** A transaction's cancellation reasons, when it was cancelled (else undefined). */
export function cancellationReasons(error: unknown): Array<{ Code?: string; Item?: RawItem }> | undefined {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string; Item?: RawItem }> })
    .CancellationReasons;
  return (error as { name?: string }).name === 'TransactionCanceledException' ? reasons : undefined;
}

/** A concurrent transaction touched the same items (DynamoDB, never DynamoDB Local): worth writing again. */
export const conflicted = (reasons: Array<{ Code?: string } | undefined>): boolean =>
  reasons.some((r) => r?.Code === 'TransactionConflict');

/**
 * After a transaction that took these slots was cancelled, with the reasons of the slot writes (in the order
 * of `limits`): a 429 naming the wait when any window is full; otherwise true when a slot was refused (a window
 * that had ended is restarted on the way), so the caller writes again; false when no slot was the cause.
 */
export async function refusedSlots(
  limits: Limit[],
  reasons: Array<{ Code?: string; Item?: RawItem } | undefined>,
  now: Date,
  message: LimitMessage,
): Promise<boolean> {
  const refused = limits
    .map((limit, i) => ({ limit, reason: reasons[i] }))
    .filter(({ reason }) => reason?.Code === 'ConditionalCheckFailed');
  const full = refused.flatMap(({ limit, reason }) => {
    const item = fromRaw(reason?.Item);
    return open(item, now) && Number(item.count) >= limit.max ? [item.window_end] : [];
  });
  if (full.length > 0) throw rateLimited(full, now, message);
  await Promise.all(
    refused
      .filter(({ reason }) => !open(fromRaw(reason?.Item), now))
      .map(({ limit }) => restartEnded(limit, now)),
  );
  return refused.length > 0;
}

const ATTEMPTS = 4;

/** Counts one more hit of every limit (a failure), whatever the counts. */
export async function countHits(limits: Limit[], now: Date): Promise<void> {
  await Promise.all(
    limits.map(async (limit) => {
      for (let attempt = 1; ; attempt++) {
        try {
          await db.send(new UpdateCommand(hit(limit, now)));
          return;
        } catch (error) {
          if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
          await restartEnded(limit, now);
        }
      }
    }),
  );
}

/**
 * Takes one slot of every limit in one transaction, each only while under its max: all are counted, or none
 * and the 429 names the wait of those used up (simultaneous requests cannot slip past a limit together).
 * Answers a release, which gives the slots back (another request did the action).
 */
export async function takeSlots(
  limits: Limit[],
  now: Date,
  message: LimitMessage,
): Promise<() => Promise<void>> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: limits.map((l) => slotWrite(l, now)) }));
      break;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      const refused = await refusedSlots(limits, reasons, now, message);
      if (attempt >= ATTEMPTS || !(refused || conflicted(reasons))) throw error;
    }
  }
  return async () => {
    await Promise.all(
      limits.map((l) =>
        db
          .send(
            new UpdateCommand({
              TableName: tableName(),
              Key: rateLimit.key(l.scope),
              UpdateExpression: 'ADD #count :minus',
              ConditionExpression: '#end > :now',
              ExpressionAttributeNames: { '#count': 'count', '#end': 'window_end' },
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
