import type { _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import { lambdaStreamRecord, matchesPattern, passesFilters } from '../../infra/local/stream-poller';

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

  test('prefix, exists, anything-but and numeric rules', () => {
    const event = { a: 'OUTBOX#1', n: 5, s: 'x' };
    expect(matchesPattern({ a: [{ prefix: 'OUTBOX#' }] }, event)).toBe(true);
    expect(matchesPattern({ a: [{ prefix: 'ORDER#' }] }, event)).toBe(false);
    expect(matchesPattern({ missing: [{ exists: false }] }, event)).toBe(true);
    expect(matchesPattern({ a: [{ exists: false }] }, event)).toBe(false);
    expect(matchesPattern({ s: [{ 'anything-but': ['y'] }] }, event)).toBe(true);
    expect(matchesPattern({ s: [{ 'anything-but': 'x' }] }, event)).toBe(false);
    expect(matchesPattern({ n: [{ numeric: ['>', 1, '<=', 5] }] }, event)).toBe(true);
    expect(matchesPattern({ n: [{ numeric: ['>', 5] }] }, event)).toBe(false);
  });
});
