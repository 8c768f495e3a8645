import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { localKeySource, payoutCrypto } from '../../functions/lib/payout-crypto.js';
import { isPayoutEnvelope } from '../../functions/lib/payout-details.js';
import { sealPayouts } from './seal-payouts.js';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const ddb = mockClient(documents);
const crypto = payoutCrypto(localKeySource(randomBytes(32)));

const order = (id: string, details: unknown) => ({
  pk: `ORDER#${id}`,
  sk: 'ORDER',
  order_id: id,
  payment_details: details,
});

beforeEach(() => ddb.reset());

describe('seal-payouts', () => {
  it('seals plaintext details (a map or JSON text), each write conditional on the value read; envelopes untouched', async () => {
    const sealed = await crypto.encrypt('SB-3', { paypalEmail: 'c@example.org' });
    ddb
      .on(ScanCommand)
      .resolvesOnce({
        Items: [order('SB-1', { bankName: 'First', accountNumber: '12345678' })],
        LastEvaluatedKey: { pk: 'x' },
      })
      .resolvesOnce({
        Items: [order('SB-2', '{"venmoUsername":"@bob"}'), order('SB-3', sealed), order('SB-4', {})],
      });
    ddb.on(UpdateCommand).resolves({});
    const report = await sealPayouts({
      documents,
      tableName: 't',
      sealer: crypto,
      dryRun: false,
      log: () => {},
    });
    expect(report).toEqual({ orders: 4, skipped: 2, sealed: 2, changed: 0 });
    const updates = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates.map((u) => u.Key)).toEqual([
      { pk: 'ORDER#SB-1', sk: 'ORDER' },
      { pk: 'ORDER#SB-2', sk: 'ORDER' },
    ]);
    for (const u of updates) {
      expect(u.ConditionExpression).toBe('payment_details = :old');
      expect(isPayoutEnvelope(u.ExpressionAttributeValues?.[':sealed'])).toBe(true);
    }
    expect(updates[1].ExpressionAttributeValues?.[':old']).toBe('{"venmoUsername":"@bob"}');
    expect(await crypto.decrypt('SB-1', updates[0].ExpressionAttributeValues?.[':sealed'])).toEqual({
      bankName: 'First',
      accountNumber: '12345678',
    });
    expect(updates[0].ExpressionAttributeValues?.[':masked']).toEqual({
      bankName: '••••',
      accountNumber: '••••5678',
    });
  });

  it('a dry run writes nothing and never logs a value; an order changed meanwhile is left for the next run', async () => {
    ddb.on(ScanCommand).resolves({ Items: [order('SB-1', { accountNumber: '12345678' })] });
    const lines: string[] = [];
    const dry = await sealPayouts({
      documents,
      tableName: 't',
      sealer: crypto,
      dryRun: true,
      log: (l) => lines.push(l),
    });
    expect(dry.sealed).toBe(1);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(lines.join('\n')).not.toContain('12345678');
    ddb
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('changed'), { name: 'ConditionalCheckFailedException' }));
    const report = await sealPayouts({
      documents,
      tableName: 't',
      sealer: crypto,
      dryRun: false,
      log: () => {},
    });
    expect(report).toMatchObject({ sealed: 0, changed: 1 });
  });
});
