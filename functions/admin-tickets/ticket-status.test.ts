import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { counters, ticket } from '../lib/entities';
import { AppError } from '../lib/errors';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
// Imported after the mock so the module-scope client is the mocked one.
const { setTicketStatus } = require('./ticket-repository') as typeof import('./ticket-repository');

const NOW = new Date('2026-03-04T10:00:00.000Z');
const clock = () => NOW;
const NUMBER = 'T-ABC234';
const stored = (status: string) => ({
  ...ticket.key(NUMBER),
  ticket_number: NUMBER,
  name: 'Ann',
  email: 'ann@example.com',
  phone: '5551234567',
  subject: 'Hi',
  message: 'Hello there',
  tag: 'support',
  status,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
});
const cancelled = (code: string) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: code }, { Code: 'None' }],
  });

beforeEach(() => ddb.reset());

describe('setTicketStatus', () => {
  it('closes an open ticket: the ticket (conditional on open, change keys stamped) and the counters in one transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('closed') });
    const result = await setTicketStatus(NUMBER, 'closed', clock);
    expect(result).toMatchObject({ changed: true, ticket: { ticketNumber: NUMBER, status: 'closed' } });
    const [call] = ddb.commandCalls(TransactWriteCommand);
    const [update, count] = call.args[0].input.TransactItems!;
    expect(update.Update).toMatchObject({
      Key: ticket.key(NUMBER),
      ExpressionAttributeValues: {
        ':to': 'closed',
        ':from': 'open',
        ':at': NOW.toISOString(),
        ':changeSort': ticket.changeIndex(NOW.toISOString(), NUMBER).gsi5sk,
      },
    });
    expect(update.Update?.ConditionExpression).toContain('#status = :from');
    expect(update.Update?.UpdateExpression).toContain('gsi5sk = :changeSort');
    expect(count.Update).toMatchObject({
      Key: counters.tickets(),
      ExpressionAttributeValues: { ':closed': 1, ':open': -1 },
    });
  });

  it('reopens a closed ticket: the counters move back', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: stored('open') });
    await setTicketStatus(NUMBER, 'open', clock);
    const [, count] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(count.Update?.ExpressionAttributeValues).toMatchObject({ ':closed': -1, ':open': 1 });
    // Only an open ticket may be stored without a status; a reopen needs 'closed'.
    const [update] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(update.Update?.ConditionExpression).not.toContain('attribute_not_exists(#status)');
  });

  it('answers a second identical click with no change and writes nothing more', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    ddb.on(GetCommand).resolves({ Item: stored('closed') });
    const result = await setTicketStatus(NUMBER, 'closed', clock);
    expect(result).toMatchObject({ changed: false, ticket: { status: 'closed' } });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('answers 404 for an unknown ticket', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    ddb.on(GetCommand).resolves({});
    await expect(setTicketStatus(NUMBER, 'closed', clock)).rejects.toMatchObject({
      status: 404,
      message: 'Ticket not found',
    });
  });

  it('tries again after a concurrent transaction, and after the ticket was flipped back in between', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict'))
      .rejectsOnce(cancelled('ConditionalCheckFailed'))
      .resolves({});
    ddb
      .on(GetCommand)
      .resolvesOnce({ Item: stored('open') })
      .resolvesOnce({ Item: stored('open') })
      .resolves({ Item: stored('closed') });
    const result = await setTicketStatus(NUMBER, 'closed', clock);
    expect(result.changed).toBe(true);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('gives up with 409 after repeated lost races, and never hides other failures', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    ddb.on(GetCommand).resolves({ Item: stored('open') });
    const error = await setTicketStatus(NUMBER, 'closed', clock).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, message: 'Failed to update ticket status' });

    ddb.reset();
    ddb.on(TransactWriteCommand).rejects(cancelled('ValidationError'));
    await expect(setTicketStatus(NUMBER, 'closed', clock)).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
  }, 20_000);
});
