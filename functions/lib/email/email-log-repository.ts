import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES, TTL_ATTRIBUTE } from '../../../shared/runtime-env.js';
import { EMAIL_LOG_PAGE, EMAIL_LOG_STATUSES, type EmailLogRow } from '../../../shared/schemas/admin-email.js';
import type { EmailJob } from '../../../shared/schemas/jobs.js';
import { db, tableName } from '../db.js';
import { emailJob, order } from '../entities.js';
import { conditional, isConditionFailure } from '../races.js';

/**
 * One item per e-mail job: it is both the idempotency record (a redelivered job whose item says `sent` is
 * skipped) and the e-mail log the back office lists newest first (collection index: EMAILLOG, sentAt#jobId).
 */
const LOG_RETENTION_DAYS = 180;
const expiresAt = (now: Date) => Math.floor(now.getTime() / 1000) + LOG_RETENTION_DAYS * 86400;

export async function wasSent(jobId: string): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: emailJob.key(jobId),
      ProjectionExpression: '#s',
      ExpressionAttributeNames: { '#s': 'status' },
    }),
  );
  return Item?.status === 'sent';
}

/** A job's log entry as first written: who, what, when, and how it went. */
const logEntry = (job: EmailJob, status: 'sent' | 'skipped', now: Date, extra: Record<string, unknown>) => {
  const at = now.toISOString();
  return {
    ...emailJob.key(job.jobId),
    ...emailJob.indexes(at, job.jobId),
    entity: 'email-log',
    recipient_email: job.to,
    subject: job.subject,
    status,
    ref: job.ref,
    sent_at: at,
    [TTL_ATTRIBUTE]: expiresAt(now),
    ...extra,
  };
};

/**
 * Records the e-mail as sent; false when it already was (a redelivered job that SES accepted twice is counted
 * once). Also writes the SES message id, which bounce and complaint events name.
 */
export const recordSent = (job: EmailJob, messageId: string, now = new Date()): Promise<boolean> =>
  conditional(() =>
    db.send(
      new PutCommand({
        TableName: tableName(),
        Item: logEntry(job, 'sent', now, { provider_message_id: messageId }),
        ConditionExpression: 'attribute_not_exists(#s) OR #s <> :sent',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    ),
  );

/**
 * Not sent on purpose (e-mail switched off in the back office): logged with the reason, once, never over a
 * record that says sent.
 */
export const recordSkipped = (job: EmailJob, reason: string, now = new Date()): Promise<boolean> =>
  conditional(() =>
    db.send(
      new PutCommand({
        TableName: tableName(),
        Item: logEntry(job, 'skipped', now, { error: reason }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );

/**
 * Never overwrites a `sent` record: a late failure report of an earlier delivery must not undo a success.
 * True when the failure was written.
 */
export async function recordFailed(
  jobId: string,
  details: { to?: string; subject?: string; error: string; attempts: number; deadLettered: boolean },
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return conditional(() =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: emailJob.key(jobId),
        UpdateExpression:
          'SET gsi1pk = :log, gsi1sk = :sk, entity = :entity, recipient_email = :to, subject = :subject, #s = :failed, #e = :error, attempts = :attempts, dead_lettered = :dl, sent_at = :at, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#s) OR #s <> :sent',
        ExpressionAttributeNames: { '#s': 'status', '#e': 'error', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':log': emailJob.collectionPartition,
          ':sk': emailJob.indexes(at, jobId).gsi1sk,
          ':entity': 'email-log',
          ':to': details.to ?? '',
          ':subject': details.subject ?? '',
          ':failed': 'failed',
          ':sent': 'sent',
          ':error': details.error,
          ':attempts': details.attempts,
          ':dl': details.deadLettered,
          ':at': at,
          ':ttl': expiresAt(now),
        },
      }),
    ),
  );
}

/**
 * The order an e-mail was about shows how its delivery went (spec 001: email_delivery_status and
 * email_status_updated_at), including the reason when it keeps failing.
 */
export async function recordOnOrder(
  orderId: string,
  outcome: { status: 'sent' | 'failed' | 'skipped' | 'bounced' | 'complained'; error?: string },
  now = new Date(),
): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: order.key(orderId),
        UpdateExpression: outcome.error
          ? 'SET email_delivery_status = :s, email_status_updated_at = :at, email_error = :e'
          : 'SET email_delivery_status = :s, email_status_updated_at = :at REMOVE email_error',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':s': outcome.status,
          ':at': now.toISOString(),
          ...(outcome.error ? { ':e': outcome.error } : {}),
        },
      }),
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

const LOG_STATUSES: ReadonlySet<string> = new Set(EMAIL_LOG_STATUSES);

/** Recent Emails: the latest EMAIL_LOG_PAGE records of the EMAILLOG collection, newest first (one Query). */
export async function listRecentEmails(): Promise<EmailLogRow[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE_INDEXES.collection.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': emailJob.collectionPartition },
      ScanIndexForward: false,
      Limit: EMAIL_LOG_PAGE,
    }),
  );
  return Items.map((item) => ({
    id: String(item.pk).slice('EMAILJOB#'.length),
    recipient: String(item.recipient_email ?? ''),
    subject: String(item.subject ?? ''),
    status: (LOG_STATUSES.has(item.status) ? item.status : 'failed') as EmailLogRow['status'],
    sentAt: String(item.sent_at ?? ''),
    ...(typeof item.error === 'string' && item.error ? { error: item.error } : {}),
  }));
}

/**
 * SES reported a bounce or a complaint for a sent e-mail: the log entry moves from sent to that outcome (once;
 * a repeated or late notification changes nothing). Returns the entry as it was when it moved, else null.
 */
export async function recordDeliveryProblem(
  jobId: string,
  outcome: 'bounced' | 'complained',
  reason: string,
  now = new Date(),
): Promise<{ sentAt: string; ref?: EmailJob['ref'] } | null> {
  try {
    const { Attributes: moved = {} } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: emailJob.key(jobId),
        UpdateExpression: 'SET #s = :outcome, #e = :reason, event_at = :at',
        ConditionExpression: '#s = :sent',
        ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
        ExpressionAttributeValues: {
          ':outcome': outcome,
          ':reason': reason,
          ':at': now.toISOString(),
          ':sent': 'sent',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { sentAt: String(moved.sent_at ?? now.toISOString()), ref: moved.ref as EmailJob['ref'] };
  } catch (error) {
    // Not sent (failed, skipped) or already bounced or complained: nothing moves.
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
