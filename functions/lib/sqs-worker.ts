import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import * as ENV from '../../shared/env-vars.js';
import { JOB_MAX_RECEIVES } from '../../shared/route-def.js';
import { errorDetails, log } from './log.js';
import { fieldErrors } from './validation.js';

export interface JobContext {
  messageId: string;
  receiveCount: number;
  /** True on the delivery after which a failure sends the message to the DLQ. */
  lastAttempt: boolean;
}

/** SQS's longest visibility timeout is 12 hours; retries here never wait more than 15 minutes. */
const MAX_RETRY_DELAY_SECONDS = 900;

/** Exponential backoff: base, 2x base, 4x base... for the 1st, 2nd, 3rd failed delivery. */
export function retryDelaySeconds(receiveCount: number, baseSeconds: number): number {
  const exponent = Math.max(0, receiveCount - 1);
  return Math.min(MAX_RETRY_DELAY_SECONDS, Math.round(baseSeconds * 2 ** exponent));
}

let sqs: SQSClient | null = null;

/**
 * A failed message would come back after the queue's whole visibility timeout; this brings it back after the
 * backoff delay instead. Best effort: if it fails, the visibility timeout still redelivers the message.
 */
async function delayRetry(record: SQSRecord, receiveCount: number): Promise<void> {
  const queueUrl = process.env[ENV.jobQueueUrl];
  const base = Number(process.env[ENV.jobRetryBaseSeconds]);
  if (!queueUrl || !record.receiptHandle || !Number.isFinite(base) || base <= 0) return;
  sqs ??= new SQSClient({});
  try {
    await sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: queueUrl,
        ReceiptHandle: record.receiptHandle,
        VisibilityTimeout: retryDelaySeconds(receiveCount, base),
      }),
    );
  } catch (error) {
    log('warn', 'could not shorten the retry delay', errorDetails(error));
  }
}

/** A failure that retrying cannot fix (bad input, a refusal): the worker records it and the message is dropped. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export class InvalidJobError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(`Invalid job message: ${JSON.stringify(fields)}`);
    this.name = 'InvalidJobError';
  }
}

function parseRecord<S extends z.ZodMiniType>(schema: S, record: SQSRecord): z.infer<S> {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    throw new InvalidJobError({ _: 'Message body is not JSON' });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new InvalidJobError(fieldErrors(result.error));
  return result.data;
}

/**
 * A queue worker with partial batch responses: each record is parsed with the shared schema and processed on
 * its own; only the failed ones are reported, so SQS redelivers those and, after JOB_MAX_RECEIVES, dead-letters them.
 * `onFailure` lets the worker record the reason where people will see it (always called, `lastAttempt` says
 * whether this was the final delivery).
 */
export function sqsWorker<S extends z.ZodMiniType>(options: {
  name: string;
  schema: S;
  process: (job: z.infer<S>, ctx: JobContext) => Promise<void>;
  onFailure?: (job: z.infer<S> | null, reason: string, ctx: JobContext, error: unknown) => Promise<void>;
}) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1');
      const ctx: JobContext = {
        messageId: record.messageId,
        receiveCount,
        lastAttempt: receiveCount >= JOB_MAX_RECEIVES,
      };
      let job: z.infer<S> | null = null;
      try {
        job = parseRecord(options.schema, record);
        await options.process(job, ctx);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // A permanent failure is final now: recorded as the last attempt, and the message is not retried.
        const permanent = error instanceof PermanentJobError;
        log(permanent ? 'warn' : 'error', `${options.name} job failed`, {
          messageId: record.messageId,
          receiveCount,
          permanent,
          ...errorDetails(error),
        });
        const final = permanent ? { ...ctx, lastAttempt: true } : ctx;
        try {
          await options.onFailure?.(job, reason, final, error);
        } catch (recordError) {
          log('error', `${options.name} could not record the failure`, errorDetails(recordError));
        }
        if (permanent) continue;
        failures.push({ itemIdentifier: record.messageId });
        // Also after the last delivery: the next receive is the one that moves the message to the DLQ.
        await delayRetry(record, receiveCount);
      }
    }
    return { batchItemFailures: failures };
  };
}
