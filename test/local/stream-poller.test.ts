import type { _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import { lambdaStreamRecord, matchesPattern, passesFilters } from '../../infra/local/stream-poller';
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
