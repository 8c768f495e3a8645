import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import type { EmailJob } from '../../shared/schemas/jobs.js';
import { db, tableName } from '../lib/db.js';
import { emailJob, order } from '../lib/entities.js';

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

export async function recordSent(job: EmailJob, messageId: string, now = new Date()): Promise<void> {
  const sentAt = now.toISOString();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...emailJob.key(job.jobId),
        ...emailJob.indexes(sentAt, job.jobId),
        entity: 'email-log',
        recipient_email: job.to,
        subject: job.subject,
        status: 'sent',
        provider_message_id: messageId,
        ref: job.ref,
        sent_at: sentAt,
        [TTL_ATTRIBUTE]: expiresAt(now),
      },
    }),
  );
}

/** Never overwrites a `sent` record: a late failure report of an earlier delivery must not undo a success. */
export async function recordFailed(
  jobId: string,
  details: { to?: string; subject?: string; error: string; attempts: number; deadLettered: boolean },
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db
    .send(
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
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/**
 * The order an e-mail was about shows how its delivery went (spec 001: email_delivery_status and
 * email_status_updated_at), including the reason when it keeps failing.
 */
export async function recordOnOrder(
  orderId: string,
  outcome: { status: 'sent' | 'failed'; error?: string },
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
