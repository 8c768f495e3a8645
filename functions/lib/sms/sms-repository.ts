import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SMS_STATUSES, type SmsStatus, smsStatusRank } from '../../../shared/rules/sms.js';
import { TTL_ATTRIBUTE } from '../../../shared/runtime-env.js';
import { db, tableName } from '../db.js';
import { counters, dayOf, type SmsMessageItem, smsMessage, smsOptOut, smsStatusEvent } from '../entities.js';
import { conditional } from '../races.js';

const STATUS_LOG_RETENTION_DAYS = 90;

/**
 * Takes one of today's SMS (UTC day) against the daily limit: one ADD whose condition holds only below the
 * limit, so any number of concurrent sends together never take more than `limit`.
 */
export const reserveDailySlot = (now: Date, limit: number): Promise<boolean> =>
  conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counters.messagingDay(dayOf(now)),
        UpdateExpression: 'ADD sms_daily :one',
        ConditionExpression: 'attribute_not_exists(sms_daily) OR sms_daily < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit },
      }),
    ),
  );

/** Gives a reserved SMS back (its job could not be queued, so nothing was sent). */
export async function releaseDailySlot(now: Date): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counters.messagingDay(dayOf(now)),
      UpdateExpression: 'ADD sms_daily :minus',
      ExpressionAttributeValues: { ':minus': -1 },
    }),
  );
}

/**
 * The numbers of `numbers` that opted out (one consistent read each, in parallel). An opt-out item counts until
 * START marks it `opted_in_at` (kept, not deleted: the public inbound webhook is granted no DeleteItem).
 */
export async function optedOut(numbers: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(
    numbers.map(async (e164) => {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName(), Key: smsOptOut.key(e164), ConsistentRead: true }),
      );
      return Item && !Item.opted_in_at ? e164 : null;
    }),
  );
  return new Set(found.filter((n): n is string => n !== null));
}

export async function recordOptOut(e164: string, source: 'inbound' | 'twilio', at: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...smsOptOut.key(e164), entity: 'SmsOptOut', phone: e164, source, created_at: at },
    }),
  );
}

/** START: the number may be sent to again. A later STOP (or 21610) writes the opt-out whole again. */
export async function removeOptOut(e164: string, at: string): Promise<void> {
  // A number that never opted out has nothing to undo (the condition fails; no item is created).
  await conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: smsOptOut.key(e164),
        UpdateExpression: 'SET opted_in_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}

/** A new message record; its id is fresh, so the write never replaces one. */
export async function createMessage(item: SmsMessageItem): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...smsMessage.key(item.id),
        ...smsMessage.indexes(item.created_at, item.id),
        entity: 'SmsMessage',
        ...item,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getMessage(id: string): Promise<(SmsMessageItem & { attempts?: number }) | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: smsMessage.key(id), ConsistentRead: true }),
  );
  return (Item as (SmsMessageItem & { attempts?: number }) | undefined) ?? null;
}

/**
 * The worker's claim: only a record still queued and without a provider SID moves to sending (and counts an
 * attempt). A redelivered job finds it claimed or done and sends nothing.
 */
export const claimMessage = (id: string, at: string): Promise<boolean> =>
  conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: smsMessage.key(id),
        UpdateExpression: 'SET #s = :sending, updated_at = :at ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND #s = :queued AND attribute_not_exists(sid)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':queued': 'queued', ':at': at, ':one': 1 },
      }),
    ),
  );

/** Moves a record from `from` (and still without a SID) to `to`; false if it had moved on. */
export const moveUnsent = (
  id: string,
  from: 'queued' | 'sending',
  to: 'queued' | 'failed',
  at: string,
  error?: { message: string; code?: string },
): Promise<boolean> =>
  conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: smsMessage.key(id),
        UpdateExpression: `SET #s = :to, updated_at = :at${error ? ', #e = :error, error_code = :code' : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND #s = :from AND attribute_not_exists(sid)',
        ExpressionAttributeNames: { '#s': 'status', ...(error ? { '#e': 'error' } : {}) },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': from,
          ':at': at,
          ...(error ? { ':error': error.message, ':code': error.code ?? null } : {}),
        },
      }),
    ),
  );

/**
 * Twilio accepted the message: its SID on the record and the pointer from the SID, in one transaction. The
 * pointer is updated, not replaced: a status Twilio called back with before this write waits on it (see
 * `recordEarlyStatus`), and its expiry is removed.
 */
export const recordAccepted = (message: SmsMessageItem, sid: string, at: string): Promise<boolean> =>
  conditional(() =>
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: smsMessage.key(message.id),
              UpdateExpression: 'SET #s = :sent, sid = :sid, updated_at = :at',
              ConditionExpression: '#s = :sending AND attribute_not_exists(sid)',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':sent': 'sent', ':sending': 'sending', ':sid': sid, ':at': at },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: smsMessage.sidKey(sid),
              UpdateExpression: 'SET entity = :entity, message_id = :id, created_at = :created REMOVE #ttl',
              ConditionExpression: 'attribute_not_exists(message_id)',
              ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
              ExpressionAttributeValues: {
                ':entity': 'SmsSid',
                ':id': message.id,
                ':created': message.created_at,
              },
            },
          },
        ],
      }),
    ),
  );

/** How long a status for a SID nobody recorded is kept (the worker died after Twilio accepted it). */
const EARLY_STATUS_RETENTION_DAYS = 7;

/**
 * Twilio called back before the worker stored the SID it had just been given: the status waits on the SID's
 * pointer (the latest one only) until `recordAccepted` writes the message id beside it. False when the pointer
 * already names its message (the worker got there first) or holds a later status.
 */
export const recordEarlyStatus = (
  sid: string,
  status: SmsStatus,
  errorCode: string | null,
  now: Date,
): Promise<boolean> =>
  conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: smsMessage.sidKey(sid),
        UpdateExpression:
          'SET entity = :entity, early_status = :status, early_rank = :rank, early_error_code = :code, #ttl = :ttl',
        ConditionExpression:
          'attribute_not_exists(message_id) AND (attribute_not_exists(early_rank) OR early_rank < :rank)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':entity': 'SmsSid',
          ':status': status,
          ':rank': smsStatusRank(status),
          ':code': errorCode,
          ':ttl': Math.floor(now.getTime() / 1000) + EARLY_STATUS_RETENTION_DAYS * 86400,
        },
      }),
    ),
  );

/** The status Twilio called back with before the SID was stored, if any. */
export async function readEarlyStatus(
  sid: string,
): Promise<{ status: SmsStatus; errorCode: string | null } | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: smsMessage.sidKey(sid), ConsistentRead: true }),
  );
  const status = Item?.early_status;
  if (!(SMS_STATUSES as readonly unknown[]).includes(status)) return null;
  return {
    status: status as SmsStatus,
    errorCode: typeof Item?.early_error_code === 'string' ? Item.early_error_code : null,
  };
}

export async function findMessageBySid(sid: string): Promise<SmsMessageItem | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: smsMessage.sidKey(sid), ConsistentRead: true }),
  );
  return typeof Item?.message_id === 'string' ? getMessage(Item.message_id) : null;
}

/** The statuses a message may be in for `next` to replace it (strictly earlier ones). */
const earlierThan = (next: SmsStatus) => SMS_STATUSES.filter((s) => smsStatusRank(s) < smsStatusRank(next));

/**
 * One status callback: the record moves forward only (the condition names every earlier status, so a late or
 * repeated callback changes nothing), and the status log gets its line in the same transaction.
 */
export function applyStatus(
  message: SmsMessageItem,
  next: SmsStatus,
  errorCode: string | null,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const earlier = earlierThan(next);
  const values: Record<string, unknown> = { ':next': next, ':at': at };
  if (errorCode) values[':code'] = errorCode;
  earlier.forEach((status, i) => {
    values[`:e${i}`] = status;
  });
  return conditional(() =>
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: smsMessage.key(message.id),
              UpdateExpression: `SET #s = :next, updated_at = :at${errorCode ? ', error_code = :code' : ''}`,
              ConditionExpression: `#s IN (${earlier.map((_, i) => `:e${i}`).join(', ')})`,
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: values,
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...smsStatusEvent.key(message.id, next),
                ...smsStatusEvent.indexes(at, message.id, next),
                entity: 'SmsStatusEvent',
                at,
                message_id: message.id,
                to: message.to,
                status: next,
                error_code: errorCode,
                [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + STATUS_LOG_RETENTION_DAYS * 86400,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    ),
  );
}
