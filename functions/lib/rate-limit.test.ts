import {
  DynamoDBDocumentClient,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from './errors';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
const { takeSlots, countHits } = require('./rate-limit') as typeof import('./rate-limit');

const now = new Date('2026-03-01T10:07:00.000Z');
const limits = [
  { scope: 'checkout#email#a@example.com', max: 5, windowMinutes: 60 },
  { scope: 'checkout#ip#203.0.113.5', max: 10, windowMinutes: 60 },
];
const message = (minutes: number) => `wait ${minutes}`;

/** A transaction cancelled with these reasons, as DynamoDB reports it (items in DynamoDB's own format). */
const cancelled = (...reasons: Array<{ Code: string; Item?: Record<string, { N: string }> }>) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: reasons,
  });
const windowOf = (count: number, endsAt: string) => ({
  count: { N: String(count) },
  window_end: { N: String(Date.parse(endsAt)) },
});

beforeEach(() => {
  ddb.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
});

describe('takeSlots', () => {
  it('opens the windows a first hit finds closed (ending a window length from now), then counts', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled({ Code: 'ConditionalCheckFailed' }, { Code: 'ConditionalCheckFailed' }))
      .resolves({});
    await takeSlots(limits, now, message);
    const opened = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(opened).toEqual([
      expect.objectContaining({
        pk: `RATELIMIT#${limits[0].scope}`,
        count: 0,
        window_end: now.getTime() + 3_600_000,
      }),
      expect.objectContaining({
        pk: `RATELIMIT#${limits[1].scope}`,
        count: 0,
        window_end: now.getTime() + 3_600_000,
      }),
    ]);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('answers 429 with Retry-After to the end of the used-up window, counting nothing', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejects(
        cancelled(
          { Code: 'ConditionalCheckFailed', Item: windowOf(5, '2026-03-01T10:30:00.000Z') },
          { Code: 'None' },
        ),
      );
    const error = await takeSlots(limits, now, message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 429, message: 'wait 23', headers: { 'retry-after': '1380' } });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('a window that has ended is opened anew rather than refused', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(
        cancelled(
          { Code: 'ConditionalCheckFailed', Item: windowOf(5, '2026-03-01T10:00:00.000Z') },
          { Code: 'None' },
        ),
      )
      .resolves({});
    await expect(takeSlots(limits, now, message)).resolves.toEqual(expect.any(Function));
    expect(ddb.commandCalls(PutCommand)).toHaveLength(1);
  });

  it('with `once` already claimed, takes nothing and refuses nothing, even past the limit', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejects(
        cancelled(
          { Code: 'ConditionalCheckFailed', Item: windowOf(5, '2026-03-01T10:30:00.000Z') },
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed' },
        ),
      );
    const release = await takeSlots(limits, now, message, 'checkout#key-1');
    await release();
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    const claim = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems?.[2];
    expect(claim?.Put?.Item).toMatchObject({ pk: 'RATELIMIT#once#checkout#key-1', sk: 'CLAIM' });
  });
});

describe('countHits', () => {
  it('counts in the open window, or opens one and counts there', async () => {
    ddb
      .on(UpdateCommand)
      .rejectsOnce(Object.assign(new Error('closed'), { name: 'ConditionalCheckFailedException' }))
      .resolves({});
    await countHits([limits[0]], now);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(1);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(2);
  });
});
