import { DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from './errors';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
const { takeSlots, countHits, refusedSlots } = require('./rate-limit') as typeof import('./rate-limit');

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
  ddb.on(UpdateCommand).resolves({});
});

/** The updates that restart an ended window (a new, empty one). */
const restarts = () =>
  ddb
    .commandCalls(UpdateCommand)
    .map((c) => c.args[0].input)
    .filter((input) => input.ConditionExpression === '#end <= :now');

const slotUpdates = (call = 0) =>
  ddb.commandCalls(TransactWriteCommand)[call].args[0].input.TransactItems!.map((i) => i.Update!);

describe('takeSlots', () => {
  it('takes every slot in one write that opens a missing window (ending a window length from now)', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await takeSlots(limits, now, message);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const [email, ip] = slotUpdates();
    expect(email.Key).toEqual({ pk: `RATELIMIT#${limits[0].scope}`, sk: 'WINDOW' });
    expect(ip.Key).toEqual({ pk: `RATELIMIT#${limits[1].scope}`, sk: 'WINDOW' });
    expect(email.UpdateExpression).toContain('#end = if_not_exists(#end, :end)');
    expect(email.ConditionExpression).toBe('attribute_not_exists(pk) OR (#end > :now AND #count < :max)');
    expect(email.ExpressionAttributeValues).toMatchObject({ ':end': now.getTime() + 3_600_000, ':max': 5 });
    expect(ip.ExpressionAttributeValues).toMatchObject({ ':max': 10 });
    expect(restarts()).toHaveLength(0);
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
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(restarts()).toHaveLength(0);
  });

  it('a window that has ended (TTL not yet run) is restarted, empty, and the slots taken again', async () => {
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
    expect(restarts()).toEqual([
      expect.objectContaining({
        Key: { pk: `RATELIMIT#${limits[0].scope}`, sk: 'WINDOW' },
        UpdateExpression: 'SET #count = :zero, #end = :end, #ttl = :ttl',
        ExpressionAttributeValues: expect.objectContaining({ ':zero': 0, ':end': now.getTime() + 3_600_000 }),
      }),
    ]);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('writes again after a TransactionConflict, and gives up after a few', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled({ Code: 'TransactionConflict' }, { Code: 'None' }));
    await expect(takeSlots(limits, now, message)).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(4);
  });

  it('the release gives each slot back while its window is open', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const release = await takeSlots(limits, now, message);
    await release();
    const given = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(given).toHaveLength(2);
    expect(given[0]).toMatchObject({
      UpdateExpression: 'ADD #count :minus',
      ConditionExpression: '#end > :now',
    });
  });
});

describe('refusedSlots', () => {
  it('is false when no slot refused (the transaction failed for another reason)', async () => {
    await expect(refusedSlots(limits, [{ Code: 'None' }, undefined], now, message)).resolves.toBe(false);
  });
});

describe('countHits', () => {
  it('counts in the open window or a new one, in one write', async () => {
    await countHits([limits[0]], now);
    const [hit] = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(hit.ConditionExpression).toBe('attribute_not_exists(pk) OR (#end > :now)');
    expect(restarts()).toHaveLength(0);
  });

  it('restarts a window that has ended and counts again', async () => {
    ddb
      .on(UpdateCommand)
      .rejectsOnce(Object.assign(new Error('ended'), { name: 'ConditionalCheckFailedException' }))
      .resolves({});
    await countHits([limits[0]], now);
    expect(restarts()).toHaveLength(1);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(3);
  });
});
