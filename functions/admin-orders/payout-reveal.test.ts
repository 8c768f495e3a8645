import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { adminOrderMessages as m } from '../../shared/messages';
import { order } from '../lib/entities';
import { localKeySource, payoutCrypto } from '../lib/payout-crypto';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
// Imported after the mock so the module-scope client is the mocked one.
const { revealPayoutDetails } = require('./payout-reveal') as typeof import('./payout-reveal');

const NOW = new Date('2026-03-04T10:00:00.000Z');
const crypto = payoutCrypto(localKeySource(randomBytes(32)));
const base = {
  ...order.key('C7K2M9Q'),
  entity: 'order',
  order_id: 'C7K2M9Q',
  status: 'pending',
  activity_log: [],
  updated_at: '2026-03-01T00:00:00.000Z',
};
const appended = () =>
  ddb
    .commandCalls(UpdateCommand)
    .flatMap((c) => Object.values(c.args[0].input.ExpressionAttributeValues ?? {}))
    .filter(Array.isArray)
    .flat();

beforeEach(() => ddb.reset());

describe('revealPayoutDetails', () => {
  it('decrypts the sealed details and appends a PAYOUT_REVEAL entry naming who asked', async () => {
    const sealed = await crypto.encrypt('C7K2M9Q', { bankAccount: '000123456789' });
    ddb.on(GetCommand).resolves({ Item: { ...base, payment_details: sealed } });
    ddb.on(UpdateCommand).resolves({});
    const { details } = await revealPayoutDetails('C7K2M9Q', 'staff@x.test', crypto, () => NOW);
    expect(details).toEqual({ bankAccount: '000123456789' });
    expect(appended()).toEqual([
      {
        id: expect.any(String),
        type: 'PAYOUT_REVEAL',
        message: m.payoutReveal,
        timestamp: NOW.toISOString(),
        by: 'staff@x.test',
      },
    ]);
    // The entry holds no part of the details.
    expect(JSON.stringify(appended())).not.toContain('6789');
  });

  it('writes nothing when the details do not open (sealed for another order)', async () => {
    const sealed = await crypto.encrypt('CAAAAAA', { paypalEmail: 'a@example.com' });
    ddb.on(GetCommand).resolves({ Item: { ...base, payment_details: sealed } });
    await expect(revealPayoutDetails('C7K2M9Q', 'staff@x.test', crypto, () => NOW)).rejects.toThrow();
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers nothing when the log entry cannot be written', async () => {
    ddb
      .on(GetCommand)
      .resolves({ Item: { ...base, payment_details: { paypalEmail: 'legacy@example.com' } } });
    ddb.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(revealPayoutDetails('C7K2M9Q', undefined, crypto, () => NOW)).rejects.toThrow('throttled');
  });
});
