import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { LocalFunction } from '../../infra/local/lambdas';
import {
  lambdaStreamRecord,
  matchesPattern,
  passesFilters,
  StreamPoller,
} from '../../infra/local/stream-poller';
import { TemplateError } from '../../infra/local/template/intrinsics';
import { assertExactRules } from '../../infra/local/template/stack-model';

const OUTBOX_PATTERN = { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['outbox'] } } } };

const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', entity: string): StreamRecord => ({
  eventID: 'e1',
  eventName,
  eventVersion: '1.1',
  eventSource: 'aws:dynamodb',
  dynamodb: {
    ApproximateCreationDateTime: new Date('2026-11-26T01:00:00.000Z'),
    Keys: { pk: { S: 'OUTBOX#x' }, sk: { S: 'OUTBOX' } },
    NewImage: { pk: { S: 'OUTBOX#x' }, sk: { S: 'OUTBOX' }, entity: { S: entity } },
    SequenceNumber: '000001',
    SizeBytes: 40,
    StreamViewType: 'NEW_IMAGE',
  },
});
const ARN = 'arn:aws:dynamodb:ddblocal:000000000000:table/t/stream/2026-11-26T01:00:00.000';

describe('stream records as Lambda delivers them', () => {
  test('shape: source, region, stream ARN, creation time in epoch seconds, the new image as attribute values', () => {
    expect(lambdaStreamRecord(record('INSERT', 'outbox'), ARN, 'us-east-1')).toEqual({
      eventID: 'e1',
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      eventSourceARN: ARN,
      dynamodb: {
        ApproximateCreationDateTime: 1795654800,
        Keys: { pk: { S: 'OUTBOX#x' }, sk: { S: 'OUTBOX' } },
        NewImage: { pk: { S: 'OUTBOX#x' }, sk: { S: 'OUTBOX' }, entity: { S: 'outbox' } },
        SequenceNumber: '000001',
        SizeBytes: 40,
        StreamViewType: 'NEW_IMAGE',
      },
    });
  });
});

describe('filter criteria', () => {
  const as = (name: 'INSERT' | 'MODIFY' | 'REMOVE', entity: string) =>
    lambdaStreamRecord(record(name, entity), ARN, 'us-east-1');

  test("the outbox relay's pattern passes inserted outbox records only", () => {
    expect(passesFilters([OUTBOX_PATTERN], as('INSERT', 'outbox'))).toBe(true);
    // Marking a record done is a MODIFY: it must not invoke the relay again.
    expect(passesFilters([OUTBOX_PATTERN], as('MODIFY', 'outbox'))).toBe(false);
    expect(passesFilters([OUTBOX_PATTERN], as('INSERT', 'order'))).toBe(false);
  });

  test('no filter passes everything; any of several patterns is enough', () => {
    expect(passesFilters([], as('REMOVE', 'order'))).toBe(true);
    expect(passesFilters([OUTBOX_PATTERN, { eventName: ['REMOVE'] }], as('REMOVE', 'order'))).toBe(true);
  });

  test('a list holds the values a key may have; a key the event lacks matches none', () => {
    const event = { a: 'OUTBOX#1', n: 5 };
    expect(matchesPattern({ a: ['ORDER#1', 'OUTBOX#1'] }, event)).toBe(true);
    expect(matchesPattern({ n: [5] }, event)).toBe(true);
    expect(matchesPattern({ n: ['5'] }, event)).toBe(false);
    expect(matchesPattern({ missing: ['x'] }, event)).toBe(false);
  });

  test('a rule other than an exact value is refused when the template is read, naming itself', () => {
    expect(() => assertExactRules({ a: [{ prefix: 'OUTBOX#' }] }, 'Mapping.FilterCriteria')).toThrow(
      'Mapping.FilterCriteria.a: the filter rule {"prefix":"OUTBOX#"} is not supported by the local runner',
    );
    expect(() => assertExactRules({ dynamodb: { NewImage: { n: [{ numeric: ['>', 1] }] } } }, 'M')).toThrow(
      TemplateError,
    );
    expect(() => assertExactRules(JSON.parse(JSON.stringify(OUTBOX_PATTERN)), 'M')).not.toThrow();
  });
});

describe('when the stream is read', () => {
  /** A stream of one shard with nothing new: counts its reads, and can hold one until released. */
  const idleStream = () => {
    let reads = 0;
    let held: (() => void) | undefined;
    const send = async (command: object) => {
      if (command instanceof DescribeTableCommand) return { Table: { LatestStreamArn: ARN } };
      if (command instanceof DescribeStreamCommand)
        return { StreamDescription: { Shards: [{ ShardId: 's1' }] } };
      if (command instanceof GetShardIteratorCommand) return { ShardIterator: 'it' };
      reads++;
      if (reads === 2) await new Promise<void>((resolve) => (held = resolve));
      return { Records: [], NextShardIterator: 'it' };
    };
    return {
      clients: { dynamodb: { send }, streams: { send }, sqs: { send } },
      reads: () => reads,
      release: () => held?.(),
    };
  };
  const poller = (clients: object) =>
    new StreamPoller(
      {
        label: 'relay',
        tableName: 't',
        region: 'us-east-1',
        batchSize: 10,
        filterPatterns: [],
        startingPosition: 'TRIM_HORIZON',
        reportBatchItemFailures: true,
        bisectBatchOnFunctionError: false,
        maximumRetryAttempts: -1,
        retryBaseMs: 10,
        idleMs: 60_000,
        fn: { invoke: async () => null } as unknown as LocalFunction,
      },
      clients as never,
      { line: () => {} },
    );
  const until = async (what: () => boolean) => {
    for (let i = 0; i < 200 && !what(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return what();
  };

  test("a function's invocation ending wakes an idle poller; one that ends during a read is not lost", async () => {
    const stream = idleStream();
    const relay = poller(stream.clients);
    await relay.start();
    try {
      expect(await until(() => stream.reads() === 1)).toBe(true);
      // Idle for a minute, unless woken.
      relay.wake();
      expect(await until(() => stream.reads() === 2)).toBe(true);
      // The second read is held: a wake now must bring a third read without waiting out the idle minute.
      relay.wake();
      stream.release();
      expect(await until(() => stream.reads() === 3)).toBe(true);
    } finally {
      stream.release();
      await relay.stop();
    }
  });
});
