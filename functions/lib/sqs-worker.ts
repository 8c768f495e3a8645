import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { errorDetails, log } from './log.js';
import { fieldErrors } from './validation.js';

/** How many times SQS delivers a message before its redrive policy moves it to the DLQ (infra: maxReceiveCount). */
export const MAX_RECEIVES = 5;

export interface JobContext {
  messageId: string;
  receiveCount: number;
  /** True on the delivery after which a failure sends the message to the DLQ. */
  lastAttempt: boolean;
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
 * its own; only the failed ones are reported, so SQS redelivers those and, after MAX_RECEIVES, dead-letters them.
 * `onFailure` lets the worker record the reason where people will see it (always called, `lastAttempt` says
 * whether this was the final delivery).
 */
export function sqsWorker<S extends z.ZodMiniType>(options: {
  name: string;
  schema: S;
  process: (job: z.infer<S>, ctx: JobContext) => Promise<void>;
  onFailure?: (job: z.infer<S> | null, reason: string, ctx: JobContext) => Promise<void>;
}) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1');
      const ctx: JobContext = {
        messageId: record.messageId,
        receiveCount,
        lastAttempt: receiveCount >= MAX_RECEIVES,
      };
      let job: z.infer<S> | null = null;
      try {
        job = parseRecord(options.schema, record);
        await options.process(job, ctx);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log('error', `${options.name} job failed`, {
          messageId: record.messageId,
          receiveCount,
          ...errorDetails(error),
        });
        try {
          await options.onFailure?.(job, reason, ctx);
        } catch (recordError) {
          log('error', `${options.name} could not record the failure`, errorDetails(recordError));
        }
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}
