import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { emailJob, order } from '../lib/entities';

process.env.TABLE_NAME = 'test-table';
process.env.EMAIL_FROM = 'no-reply@stripbuyback.test';

const ddb = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);

// Imported after the mocks so its module-scope clients are the mocked ones.
const { handler } = require('./handlers/email-worker') as typeof import('./handlers/email-worker');

const job = (jobId: string, over: Record<string, unknown> = {}) => ({
  jobId,
  to: 'seller@example.com',
  subject: 'Your order C1A2B3C',
  html: '<p>Thanks</p>',
  text: 'Thanks',
  ...over,
});
const record = (messageId: string, body: unknown, receiveCount = 1): SQSRecord =>
  ({
    messageId,
    receiptHandle: `rh-${messageId}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: { ApproximateReceiveCount: String(receiveCount) },
    messageAttributes: {},
    eventSource: 'aws:sqs',
  }) as unknown as SQSRecord;
/** The updates of one item (the counters' ADD is another item). */
const updatesOf = (key: Record<string, string>) =>
  ddb
    .commandCalls(UpdateCommand)
    .map((c) => c.args[0].input)
    .filter((input) => JSON.stringify(input.Key) === JSON.stringify(key));
const counted = () =>
  ddb
    .commandCalls(UpdateCommand)
    .map((c) => c.args[0].input)
    .filter((input) => String(input.Key?.pk).startsWith('STATS#'))
    .map((input) => input.ExpressionAttributeNames?.['#c']);

const run = (records: SQSRecord[]) => handler({ Records: records } as SQSEvent);

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

beforeEach(() => {
  ddb.reset();
  ses.reset();
  ddb.on(UpdateCommand).resolves({});
  ddb.on(PutCommand).resolves({});
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('email worker', () => {
  it('sends each job through SES and records it as sent', async () => {
    ddb.on(GetCommand).resolves({});
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const result = await run([record('m1', job(A))]);
    expect(result).toEqual({ batchItemFailures: [] });
    const sent = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(sent.FromEmailAddress).toBe('no-reply@stripbuyback.test');
    expect(sent.Destination?.ToAddresses).toEqual(['seller@example.com']);
    expect(sent.Content?.Simple?.Subject?.Data).toBe('Your order C1A2B3C');
    const put = ddb.commandCalls(PutCommand)[0].args[0].input;
    expect(put.Item).toMatchObject({ ...emailJob.key(A), status: 'sent', provider_message_id: 'ses-1' });
    expect(sent.EmailTags).toEqual([{ Name: 'job_id', Value: A }]);
    expect(counted()).toEqual(['email_sent']);
  });

  it('marks the order an e-mail was about as sent', async () => {
    ddb.on(GetCommand).resolves({});
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-2' });
    await run([record('m1', job(A, { ref: { kind: 'order', id: 'C1A2B3C' } }))]);
    const [update] = updatesOf(order.key('C1A2B3C'));
    expect(update.ExpressionAttributeValues).toMatchObject({ ':s': 'sent' });
  });

  it('logs a job as skipped, and its order shows why, while e-mail is switched off', async () => {
    ddb.on(GetCommand).resolves({});
    ddb
      .on(GetCommand, { Key: { pk: 'SETTINGS', sk: 'SITE' } })
      .resolves({ Item: { email_settings: { is_enabled: false, from_email: 'a@b.test', updated_at: 'x' } } });
    await run([record('m1', job(A, { ref: { kind: 'order', id: 'C1A2B3C' } }))]);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject({
      status: 'skipped',
      error: 'Not sent: email service is not enabled',
    });
    const [onOrder] = updatesOf(order.key('C1A2B3C'));
    expect(onOrder.ExpressionAttributeValues).toMatchObject({ ':s': 'skipped' });
    expect(counted()).toEqual([]);
  });

  it('skips a redelivered job that was already sent', async () => {
    ddb.on(GetCommand).resolves({ Item: { status: 'sent' } });
    expect(await run([record('m1', job(A))])).toEqual({ batchItemFailures: [] });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('reports only the failed record of a batch and records the reason', async () => {
    ddb.on(GetCommand).resolves({});
    ses
      .on(SendEmailCommand, { Destination: { ToAddresses: ['bad@example.com'] } })
      .rejects(new Error('Throttling'));
    ses
      .on(SendEmailCommand, { Destination: { ToAddresses: ['seller@example.com'] } })
      .resolves({ MessageId: 'ok' });
    const result = await run([
      record('m1', job(A, { to: 'bad@example.com', ref: { kind: 'order', id: 'C1A2B3C' } }), 5),
      record('m2', job(B)),
    ]);
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    const [update] = updatesOf(emailJob.key(A));
    // The job was about an order and this was its last delivery: the order shows the failure.
    const [onOrder] = updatesOf(order.key('C1A2B3C'));
    expect(counted().sort()).toEqual(['email_failed', 'email_sent']);
    expect(onOrder.ExpressionAttributeValues).toMatchObject({ ':s': 'failed', ':e': 'Throttling' });
    expect(update.ExpressionAttributeValues).toMatchObject({
      ':error': 'Throttling',
      ':attempts': 5,
      ':dl': true,
    });
  });

  it('fails an invalid message without sending, recording why', async () => {
    const result = await run([record('m3', { jobId: 'nope', to: 'x' }), record('m4', '{not json')]);
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['m3', 'm4']);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    const reasons = ddb
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input.ExpressionAttributeValues?.[':error']);
    expect(reasons[0]).toMatch(/jobId must be a UUID/);
    expect(reasons[1]).toMatch(/not JSON/);
  });
});
