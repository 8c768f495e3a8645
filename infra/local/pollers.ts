/**
 * SQS event source mappings, locally: long-poll the queue, invoke the function with an SQS event, delete what
 * succeeded. With ReportBatchItemFailures only the listed messages stay; a thrown error keeps the whole batch.
 * Kept messages reappear after the visibility timeout and fauxqs moves them to the DLQ after maxReceiveCount.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { buildSqsEvent, messagesToDelete } from './events.js';
import type { LocalFunction, LogSink } from './lambdas.js';
import type { EventSourceDef } from './template/stack-model.js';

export type PollerSpec = Pick<EventSourceDef, 'batchSize' | 'reportBatchItemFailures'> & {
  label: string;
  queueUrl: string;
  queueArn: string;
  region: string;
  fn: LocalFunction;
};

/** A poller's loop: rounds until stopped; a failed round is logged and the next one follows a second later. */
export abstract class PollLoop {
  protected running = false;
  private loop: Promise<void> | undefined;
  protected readonly abort = new AbortController();

  constructor(
    protected readonly label: string,
    protected readonly log: LogSink,
  ) {}

  protected abstract round(): Promise<unknown>;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          await this.round();
        } catch (error) {
          if (!this.running) break;
          this.log.line(this.label, `poller error: ${(error as Error).message}`);
          await sleep(1000, undefined, { signal: this.abort.signal }).catch(() => {});
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    await this.loop;
  }
}

export class QueuePoller extends PollLoop {
  constructor(
    private readonly spec: PollerSpec,
    private readonly sqs: SQSClient,
    log: LogSink,
  ) {
    super(spec.label, log);
  }

  /** One receive-invoke-delete cycle. */
  protected async round(): Promise<void> {
    const received = await this.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: this.spec.queueUrl,
        MaxNumberOfMessages: Math.min(10, Math.max(1, this.spec.batchSize)),
        WaitTimeSeconds: 5,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
      { abortSignal: this.abort.signal },
    );
    const messages = received.Messages ?? [];
    if (messages.length === 0) return;
    const event = buildSqsEvent(messages, this.spec.queueArn, this.spec.region);
    let result: unknown;
    try {
      result = await this.spec.fn.invoke(event);
    } catch (error) {
      this.log.line(
        this.spec.label,
        `batch of ${messages.length} failed, kept for redelivery: ${(error as Error).message}`,
      );
      return;
    }
    const ids = messages.map((m) => m.MessageId ?? '');
    const outcome = messagesToDelete(ids, result, this.spec.reportBatchItemFailures);
    if (outcome.failed.length > 0) {
      this.log.line(
        this.spec.label,
        `${outcome.failed.length} of ${messages.length} messages failed, kept for redelivery`,
      );
    }
    const toDelete = messages.filter((m) => outcome.delete.includes(m.MessageId ?? ''));
    if (toDelete.length > 0) {
      await this.sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: this.spec.queueUrl,
          Entries: toDelete.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
        }),
      );
    }
  }
}
