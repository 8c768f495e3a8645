import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { adminSmsMessages as m } from '../../shared/messages';
import { settings, smsMessage, smsOptOut } from '../lib/entities';

const create = jest.fn();
jest.mock('../lib/twilio', () => ({ createTwilioClient: () => ({ messages: { create } }) }));

process.env.TABLE_NAME = 'test-table';
process.env.SITE_URL = 'https://shop.example.com';
const dir = mkdtempSync(join(tmpdir(), 'sms-worker-'));
process.env.SIGNING_SECRET_ID = 'signing';
process.env.LOCAL_SIGNING_SECRETS_FILE = join(dir, 'signing-secrets.json');
writeFileSync(process.env.LOCAL_SIGNING_SECRETS_FILE, JSON.stringify({ twilioAuthToken: 'a'.repeat(32) }));

const ddb = mockClient(DynamoDBDocumentClient);
const { processSmsJob } = require('./send-job') as typeof import('./send-job');

const ID = '11111111-1111-4111-8111-111111111111';
const SID = `SM${'1'.repeat(32)}`;
const job = { messageId: ID, to: '+15005550006', body: 'Hello', kind: 'marketing' as const };
const ctx = { messageId: 'q1', receiveCount: 1, lastAttempt: false };
const SMS_SETTINGS = {
  sms_settings: {
    is_enabled: true,
    account_sid: `AC${'0'.repeat(32)}`,
    phone_number: '+15005550001',
    message_footer: 'Reply STOP to opt out',
    updated_at: '2026-11-24T00:00:00.000Z',
  },
};
const stored = (over: Record<string, unknown> = {}) => ({
  id: ID,
  to: job.to,
  message: 'Hello',
  kind: 'marketing',
  status: 'queued',
  created_at: '2026-11-24T01:00:00.000Z',
  updated_at: '2026-11-24T01:00:00.000Z',
  ...over,
});
const given = (
  record: Record<string, unknown> | null,
  settingsItem: Record<string, unknown> = SMS_SETTINGS,
) => {
  ddb.on(GetCommand, { Key: smsMessage.key(ID) }).resolves({ Item: record ?? undefined });
  ddb.on(GetCommand, { Key: settings.key() }).resolves({ Item: settingsItem });
  ddb.on(GetCommand, { Key: smsMessage.sidKey(SID) }).resolves({ Item: undefined });
};
const updates = () => ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
const conditionFailed = () => Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' });

beforeEach(() => {
  ddb.reset();
  create.mockReset();
  ddb.on(UpdateCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(PutCommand).resolves({});
  jest.spyOn(console, 'log').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('SMS worker', () => {
  it('claims the record, sends with the footer and the configured callback URL, stores the SID and counts it', async () => {
    given(stored());
    create.mockResolvedValue({ sid: `SM${'1'.repeat(32)}`, status: 'queued' });
    await processSmsJob(job, ctx);
    expect(create).toHaveBeenCalledWith({
      to: job.to,
      from: '+15005550001',
      body: 'Hello\n\nReply STOP to opt out',
      statusCallback: 'https://shop.example.com/api/webhooks/twilio/status',
    });
    const claim = updates()[0];
    expect(claim.ConditionExpression).toContain('attribute_not_exists(sid)');
    const accepted = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems ?? [];
    // The SID's pointer is updated, never replaced: a status Twilio sent before this write waits on it.
    expect(accepted[1].Update).toMatchObject({
      Key: smsMessage.sidKey(SID),
      ConditionExpression: 'attribute_not_exists(message_id)',
      ExpressionAttributeValues: expect.objectContaining({ ':id': ID }),
    });
    expect(updates().some((u) => u.ExpressionAttributeNames?.['#c'] === 'sms_sent')).toBe(true);
    // No status waited: nothing more was written.
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('applies a delivery status Twilio called back with before the SID was stored', async () => {
    given(stored());
    ddb.on(GetCommand, { Key: smsMessage.sidKey(SID) }).resolves({
      Item: { ...smsMessage.sidKey(SID), message_id: ID, early_status: 'delivered', early_error_code: null },
    });
    create.mockResolvedValue({ sid: SID, status: 'queued' });
    await processSmsJob(job, ctx);
    const [, delivered] = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems ?? []);
    expect(delivered[0].Update).toMatchObject({
      Key: smsMessage.key(ID),
      ExpressionAttributeValues: expect.objectContaining({ ':next': 'delivered' }),
    });
    expect(updates().some((u) => u.ExpressionAttributeNames?.['#c'] === 'sms_delivered')).toBe(true);
  });

  it('sends nothing when another delivery claimed the record, or it already has a SID', async () => {
    given(stored());
    ddb.on(UpdateCommand).rejects(conditionFailed());
    await processSmsJob(job, ctx);
    given(stored({ status: 'sent', sid: `SM${'1'.repeat(32)}` }));
    await processSmsJob(job, ctx);
    expect(create).not.toHaveBeenCalled();
  });

  it('fails a record left in sending without a SID instead of risking a second text', async () => {
    given(stored({ status: 'sending' }));
    await processSmsJob(job, ctx);
    expect(create).not.toHaveBeenCalled();
    expect(updates()[0].ExpressionAttributeValues).toMatchObject({
      ':to': 'failed',
      ':error': m.sendInterrupted,
    });
  });

  it('fails the message when SMS was disabled after it was queued', async () => {
    given(stored(), { sms_settings: { ...SMS_SETTINGS.sms_settings, is_enabled: false } });
    await processSmsJob(job, ctx);
    expect(create).not.toHaveBeenCalled();
    expect(updates()[0].ExpressionAttributeValues).toMatchObject({
      ':to': 'failed',
      ':error': m.settingsDisabled,
    });
  });

  it('records an opted-out refusal (21610) at once, with the opt-out, and does not retry', async () => {
    given(stored());
    create.mockRejectedValue(
      Object.assign(new Error('Attempt to send to unsubscribed recipient'), { status: 400, code: 21610 }),
    );
    await processSmsJob(job, ctx);
    const failed = updates().find((u) => u.ExpressionAttributeValues?.[':to'] === 'failed');
    expect(failed?.ExpressionAttributeValues).toMatchObject({ ':code': '21610' });
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject(smsOptOut.key(job.to));
  });

  it('puts the record back to queued and throws on a transient error, then fails it after the retry attempts', async () => {
    given(stored());
    create.mockRejectedValue(Object.assign(new Error('Service unavailable'), { status: 503 }));
    await expect(processSmsJob(job, ctx)).rejects.toThrow('Service unavailable');
    expect(updates().at(-1)?.ExpressionAttributeValues).toMatchObject({
      ':to': 'queued',
      ':from': 'sending',
    });
    ddb.resetHistory();
    given(stored({ attempts: 2 }));
    await processSmsJob(job, { ...ctx, receiveCount: 3 });
    expect(
      updates().find((u) => u.ExpressionAttributeValues?.[':to'] === 'failed')?.ExpressionAttributeValues,
    ).toMatchObject({
      ':error': m.sendRetriesExhausted(3, 'Service unavailable'),
    });
  });
});
