import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { COUNTER_SHARDS, counters, type OrderItem, order } from '../lib/entities';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
// Imported after the mock so the module-scope client is the mocked one.
const { writeNewOrder } = require('./order-repository') as typeof import('./order-repository');

const NOW = new Date('2026-11-26T10:00:00.000Z');
const ORDER = {
  ...order.key('C7K2M9Q'),
  entity: 'order',
  order_id: 'C7K2M9Q',
  order_number: 'C7K2M9Q',
  customer_id: 'public',
  status: 'pending',
  shipment_status: 'pending',
  customer: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(555) 123-4567' },
  products: [{ productId: 'p1', quantity: 2, price: 19.99, product: { name: 'Strips' } }],
  total_amount: 39.98,
  paid_amount: 0,
  payment_method: 'check',
  payment_details: {},
  shipping_address: { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
  access_token: '5b0c7f6e-0b1a-4c55-9a43-3f1e0d2c9b11',
  attestation: { accepted: true, accepted_at: NOW.toISOString() },
  payment_log: [],
  notes: [],
  images: {},
  activity_log: [],
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  idempotency_key: 'k1',
} as OrderItem;

/** The counters items one checkout's transaction ADDs to. */
const counterKeys = (call: number) =>
  ddb
    .commandCalls(TransactWriteCommand)
    [call].args[0].input.TransactItems!.map((i) => i.Update?.Key)
    .filter((key) => key?.pk === 'STATS' || key?.pk === 'STATS#DAILY');

beforeEach(() => {
  ddb.reset();
  ddb.on(TransactWriteCommand).resolves({});
});

describe('the order transaction and the counters', () => {
  it('ADDs to one shard of the order counters and one of the day counters', async () => {
    await writeNewOrder(ORDER, 'hash', NOW, { shard: 5 });
    expect(counterKeys(0)).toEqual([counters.orders(5), counters.day('2026-11-26', 5)]);
    expect(counterKeys(0)).toEqual([
      { pk: 'STATS', sk: 'ORDERS#5' },
      { pk: 'STATS#DAILY', sk: '2026-11-26#5' },
    ]);
  });

  it('spreads checkouts over the shards, so concurrent ones seldom touch the same counters item', async () => {
    const writes = 200;
    for (let i = 0; i < writes; i++) await writeNewOrder(ORDER, 'hash', NOW);
    const shards = new Set(Array.from({ length: writes }, (_, i) => counterKeys(i)[0]?.sk));
    expect(shards.size).toBe(COUNTER_SHARDS);
    expect(shards.has('ORDERS')).toBe(false);
  });
});
