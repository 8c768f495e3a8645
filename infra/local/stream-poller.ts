/**
 * DynamoDB stream event source mappings, locally: read DynamoDB Local's stream (DescribeStream,
 * GetShardIterator, GetRecords), keep the records the mapping's filter criteria match, and invoke the function
 * with Lambda's DynamoDB event in batches of the mapping's size, in order. A failed batch is retried from its
 * first failed record (ReportBatchItemFailures), split in two first when bisect is on and nothing was
 * reported, and after the mapping's MaximumRetryAttempts its records go to the on-failure queue (a pointer
 * message, as Lambda sends) and the shard moves on.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBRecord } from 'aws-lambda';
import type { LocalFunction, LogSink } from './lambdas.js';
import { PollLoop } from './pollers.js';
import { isRecord } from './template/intrinsics.js';
import type { StreamSourceDef } from './template/stack-model.js';

/** The mapping's settings (stack-model.ts), with where its table, function and on-failure queue are locally. */
export type StreamPollerSpec = Omit<
  StreamSourceDef,
  'logicalId' | 'tableLogicalId' | 'functionLogicalId' | 'onFailureQueueLogicalId' | 'enabled'
> & {
  label: string;
  tableName: string;
  region: string;
  onFailureQueueUrl?: string;
  /** Wait before retrying a failed batch: `retryBaseMs` doubled per attempt, at most 8 times the base. */
  retryBaseMs: number;
  /** Wait between reads of a shard with nothing new, unless a function's invocation ends (`wake`). */
  idleMs: number;
  fn: LocalFunction;
};

const isObject = isRecord as (value: unknown) => value is Record<string, unknown>;

/**
 * Whether an event matches a filter pattern: every key of the pattern, objects nested, a list holding the values
 * the event's may have (exact rules only: the stack model refuses any other, see `assertExactRules`).
 */
export function matchesPattern(pattern: unknown, event: unknown): boolean {
  if (!isObject(pattern)) return false;
  return Object.entries(pattern).every(([key, rule]) => {
    const value = isObject(event) ? event[key] : undefined;
    return Array.isArray(rule) ? rule.includes(value) : matchesPattern(rule, value);
  });
}

/** A record passes when there is no filter or any pattern matches it (Lambda's rule). */
export const passesFilters = (patterns: unknown[], event: unknown): boolean =>
  patterns.length === 0 || patterns.some((pattern) => matchesPattern(pattern, event));

/** A record of the Streams API as Lambda hands it to the function. */
export function lambdaStreamRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  const created = d.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: JSON.parse(
      JSON.stringify({
        ApproximateCreationDateTime: created ? Math.floor(new Date(created).getTime() / 1000) : undefined,
        Keys: d.Keys,
        NewImage: d.NewImage,
        OldImage: d.OldImage,
        SequenceNumber: d.SequenceNumber,
        SizeBytes: d.SizeBytes,
        StreamViewType: d.StreamViewType,
      }),
    ),
  } as DynamoDBRecord;
}

/** The sequence numbers a function reported as failed (`batchItemFailures[].itemIdentifier`), or null. */
function reportedFailures(result: unknown): string[] | null {
  if (!isObject(result) || !Array.isArray(result.batchItemFailures)) return null;
  return result.batchItemFailures
    .map((f) => (isObject(f) ? String(f.itemIdentifier ?? '') : ''))
    .filter((id) => id !== '');
}

export class StreamPoller extends PollLoop {
  private streamArn = '';
  /** Open shards and where each is read from next. */
  private readonly iterators = new Map<string, string>();
  private readonly finished = new Set<string>();
  private rounds = 0;
  /** Set by `wake`: a function's invocation ended since this round began. */
  private woken = false;
  private wakeUp = new AbortController();

  constructor(
    private readonly spec: StreamPollerSpec,
    private readonly clients: { dynamodb: DynamoDBClient; streams: DynamoDBStreamsClient; sqs: SQSClient },
    log: LogSink,
  ) {
    super(spec.label, log);
  }

  /** Finds the table's stream and where to start each shard; then reads until stopped. */
  override async start(): Promise<void> {
    if (this.running) return;
    const table = await this.clients.dynamodb.send(
      new DescribeTableCommand({ TableName: this.spec.tableName }),
    );
    const arn = table.Table?.LatestStreamArn;
    if (!arn) throw new Error(`Table ${this.spec.tableName} has no stream: the template enables one`);
    this.streamArn = arn;
    await this.discoverShards(this.spec.startingPosition);
    super.start();
  }

  private async discoverShards(position: 'TRIM_HORIZON' | 'LATEST'): Promise<void> {
    const described = await this.clients.streams.send(
      new DescribeStreamCommand({ StreamArn: this.streamArn }),
    );
    for (const shard of described.StreamDescription?.Shards ?? []) {
      const id = shard.ShardId ?? '';
      if (!id || this.iterators.has(id) || this.finished.has(id)) continue;
      const { ShardIterator } = await this.clients.streams.send(
        new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: id, ShardIteratorType: position }),
      );
      if (ShardIterator) this.iterators.set(id, ShardIterator);
    }
  }

  /**
   * A function's invocation ended, and what it wrote may be on the stream: read it now, not after the idle wait
   * (Lambda reads a shard four times a second; this delivers as soon, for a fraction of the idle reads' CPU).
   */
  wake(): void {
    this.woken = true;
    this.wakeUp.abort();
  }

  protected async round(): Promise<void> {
    this.woken = false;
    // New shards (DynamoDB Local rolls them over) are read from their start.
    if (this.rounds++ % 20 === 0 || this.iterators.size === 0) await this.discoverShards('TRIM_HORIZON');
    let received = 0;
    for (const shardId of [...this.iterators.keys()]) received += await this.pollShard(shardId);
    if (received > 0 || this.woken) return;
    this.wakeUp = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, this.wakeUp.signal]);
    await sleep(this.spec.idleMs, undefined, { signal }).catch(() => {});
  }

  /** One page of one shard: deliver what passes the filters, then move the shard's position past the page. */
  private async pollShard(shardId: string): Promise<number> {
    const iterator = this.iterators.get(shardId);
    if (!iterator) return 0;
    const page = await this.clients.streams.send(
      new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }),
    );
    const records = (page.Records ?? [])
      .map((r) => lambdaStreamRecord(r, this.streamArn, this.spec.region))
      .filter((r) => passesFilters(this.spec.filterPatterns, r));
    for (let i = 0; i < records.length && this.running; i += this.spec.batchSize) {
      await this.deliver(records.slice(i, i + this.spec.batchSize), shardId);
    }
    if (!this.running) return 0;
    if (page.NextShardIterator) this.iterators.set(shardId, page.NextShardIterator);
    else {
      this.iterators.delete(shardId);
      this.finished.add(shardId);
    }
    return page.Records?.length ?? 0;
  }

  /** Invokes until the batch succeeds, or its retries are spent and it goes to the on-failure queue. */
  private async deliver(batch: DynamoDBRecord[], shardId: string): Promise<void> {
    let pending = batch;
    for (let attempt = 0; pending.length > 0 && this.running; attempt++) {
      let failedFrom: number;
      try {
        const result = await this.spec.fn.invoke({ Records: pending });
        const failed = this.spec.reportBatchItemFailures ? reportedFailures(result) : null;
        if (!failed || failed.length === 0) return;
        const index = pending.findIndex((r) => failed.includes(r.dynamodb?.SequenceNumber ?? ''));
        // An identifier that names no record of the batch: Lambda retries the whole batch.
        failedFrom = Math.max(index, 0);
        this.log.line(
          this.spec.label,
          `record ${failedFrom + 1} of ${pending.length} failed, retried from it`,
        );
      } catch (error) {
        this.log.line(this.spec.label, `batch of ${pending.length} failed: ${(error as Error).message}`);
        if (this.spec.bisectBatchOnFunctionError && pending.length > 1) {
          const half = Math.ceil(pending.length / 2);
          await this.deliver(pending.slice(0, half), shardId);
          await this.deliver(pending.slice(half), shardId);
          return;
        }
        failedFrom = 0;
      }
      pending = pending.slice(failedFrom);
      const retries = this.spec.maximumRetryAttempts;
      if (retries >= 0 && attempt >= retries) {
        await this.sendToOnFailure(pending, shardId, attempt + 1);
        return;
      }
      const wait = this.spec.retryBaseMs * Math.min(8, 2 ** attempt);
      await sleep(wait, undefined, { signal: this.abort.signal }).catch(() => {});
    }
  }

  /** Lambda's on-failure record for a stream: where the records are, not the records. */
  private async sendToOnFailure(records: DynamoDBRecord[], shardId: string, attempts: number): Promise<void> {
    const first = records[0]?.dynamodb;
    const last = records[records.length - 1]?.dynamodb;
    this.log.line(
      this.spec.label,
      `${records.length} records failed ${attempts} times: sent to the on-failure queue`,
    );
    if (!this.spec.onFailureQueueUrl) return;
    const message = {
      requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: attempts },
      version: '1.0',
      timestamp: new Date().toISOString(),
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: first?.SequenceNumber,
        endSequenceNumber: last?.SequenceNumber,
        approximateArrivalOfFirstRecord: first?.ApproximateCreationDateTime,
        approximateArrivalOfLastRecord: last?.ApproximateCreationDateTime,
        batchSize: records.length,
        streamArn: this.streamArn,
      },
    };
    await this.clients.sqs.send(
      new SendMessageCommand({ QueueUrl: this.spec.onFailureQueueUrl, MessageBody: JSON.stringify(message) }),
    );
  }
}
