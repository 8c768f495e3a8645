import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { lookupMessages, orderMessages } from '../../shared/messages';
import type { CreateOrderRequest } from '../../shared/schemas/checkout';
import { order as orderEntity, orderToken } from '../lib/entities';
import { AppError } from '../lib/errors';
import { requestHash } from './create-order-service';

process.env.TABLE_NAME = 'test-table';
const ddb = mockClient(DynamoDBDocumentClient);
const { orderByToken } =
  require('./handlers/get-order-by-token') as typeof import('./handlers/get-order-by-token');
const { lookupOrder } = require('./lookup') as typeof import('./lookup');

const TOKEN = '5b0c7f6e-0b1a-4c55-9a43-3f1e0d2c9b11';
const order = {
  ...orderEntity.key('C7K2M9Q'),
  order_id: 'C7K2M9Q',
  status: 'pending',
  shipment_status: 'pending',
  customer: { firstName: 'Ann', lastName: 'Lee', email: 'Ann@Example.com', phone: '(555) 123-4567' },
  products: [{ productId: 'p1', quantity: 2, price: 19.99, product: { name: 'Strips' } }],
  total_amount: 39.98,
  paid_amount: 39.98,
  payment_method: 'check',
  shipping_address: { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
  access_token: TOKEN,
  payment_log: [{ timestamp: '2026-01-05T00:00:00.000Z', method: 'check', amount: 39.98 }],
  notes: JSON.stringify([
    { content: 'Received', created_at: '2026-01-04T00:00:00.000Z' },
    { content: 'staff only', internal: true },
  ]),
  images: { a: { url: '/images/orders/a.jpg', filename: 'a.jpg' } },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-05T00:00:00.000Z',
};

const expectAppError = async (promise: Promise<unknown>, status: number, message: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status, message });
};

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand, { Key: orderToken.key(TOKEN) }).resolves({ Item: { order_id: 'C7K2M9Q' } });
  ddb.on(GetCommand, { Key: orderEntity.key('C7K2M9Q') }).resolves({ Item: order });
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
});

describe('order by secret link (clock injected)', () => {
  it('answers the confirmation view within 45 days and logs the success', async () => {
    const view = await orderByToken(TOKEN, '203.0.113.5', new Date('2026-02-14T00:00:00.000Z'));
    expect(view).toMatchObject({
      orderId: 'C7K2M9Q',
      total: 39.98,
      items: [{ name: 'Strips', lineTotal: 39.98 }],
    });
    const logged = ddb.commandCalls(PutCommand)[0].args[0].input.Item;
    expect(logged).toMatchObject({ access_token: TOKEN, success: true, ip_address: '203.0.113.5' });
    expect(logged?.expiresAt).toEqual(expect.any(Number));
  });

  it('answers 410 after 45 days, and logs the failed attempt', async () => {
    await expectAppError(
      orderByToken(TOKEN, '203.0.113.5', new Date('2026-02-16T00:00:00.000Z')),
      410,
      orderMessages.expired,
    );
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject({ success: false });
  });

  it('answers 400 for a malformed token and 404 for an unknown one, logging both', async () => {
    await expectAppError(orderByToken('../etc', '1.2.3.4', new Date()), 400, orderMessages.invalidToken);
    ddb.on(GetCommand).resolves({});
    await expectAppError(
      orderByToken('00000000-0000-4000-8000-000000000000', '1.2.3.4', new Date()),
      404,
      orderMessages.notFound,
    );
    expect(ddb.commandCalls(PutCommand)).toHaveLength(2);
  });
});

describe('order lookup', () => {
  const now = new Date('2026-03-01T10:07:00.000Z');
  const sk = 'WINDOW';
  // Windows opened at 10:00 end at 10:15: eight minutes from now.
  const window_end = Date.parse('2026-03-01T10:15:00.000Z');
  const PAIR = 'RATELIMIT#lookup#order-ip#c7k2m9q#203.0.113.5';
  const IP = 'RATELIMIT#lookup#ip#203.0.113.5';
  const ORDER = 'RATELIMIT#lookup#order#c7k2m9q';
  const counts = (pair: number, ip: number, num: number) =>
    ddb.on(BatchGetCommand).resolves({
      Responses: {
        'test-table': [
          { pk: PAIR, sk, count: pair, window_end },
          { pk: IP, sk, count: ip, window_end },
          { pk: ORDER, sk, count: num, window_end },
        ],
      },
    });
  const right = { orderNumber: 'C7K2M9Q', email: ' ann@EXAMPLE.com ' };
  const wrong = { orderNumber: 'C7K2M9Q', email: 'bob@example.com' };
  const counted = () => ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.Key);

  it('answers the tracking view with the e-mail in any case, without contact or payout details', async () => {
    counts(0, 0, 0);
    const view = await lookupOrder(right, '203.0.113.5', now);
    expect(view).toEqual({
      orderNumber: 'C7K2M9Q',
      status: 'pending',
      paymentStatus: 'Paid',
      createdAt: order.created_at,
      total: 39.98,
      paymentLog: [{ timestamp: '2026-01-05T00:00:00.000Z', method: 'check', amount: 39.98 }],
      notes: [{ content: 'Received', created_at: '2026-01-04T00:00:00.000Z' }],
      images: [{ url: '/images/orders/a.jpg', filename: 'a.jpg' }],
      timeline: [],
    });
    expect(counted()).toHaveLength(0);
  });

  it('counts a wrong e-mail against this client on this order, the client, and the order', async () => {
    counts(0, 0, 0);
    await expectAppError(lookupOrder(wrong, '203.0.113.5', now), 403, lookupMessages.invalidCredentials);
    expect(counted()).toEqual([
      { pk: PAIR, sk },
      { pk: IP, sk },
      { pk: ORDER, sk },
    ]);
  });

  it('answers an unknown order number exactly as a wrong e-mail (status and message)', async () => {
    counts(0, 0, 0);
    ddb.on(GetCommand).resolves({});
    await expectAppError(
      lookupOrder({ orderNumber: 'ZZZ9999', email: 'ann@example.com' }, '203.0.113.5', now),
      403,
      lookupMessages.invalidCredentials,
    );
    await expectAppError(
      lookupOrder({ orderNumber: 'not-an-id', email: 'ann@example.com' }, '203.0.113.5', now),
      403,
      lookupMessages.invalidCredentials,
    );
  });

  it.each([
    ['this client on this order', 10, 0],
    ['this client overall', 0, 30],
  ])(
    'answers 429 with retry-after once %s reached its limit, before reading the order',
    async (_n, pair, ip) => {
      counts(pair, ip, 0);
      const error = await lookupOrder(right, '203.0.113.5', now).catch((e) => e);
      expect(error).toMatchObject({
        status: 429,
        message: lookupMessages.tooMany(8),
        headers: { 'retry-after': '480' },
      });
      expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    },
  );

  it('allows more failures per IP than per order and client', async () => {
    counts(9, 29, 0);
    await expect(lookupOrder(right, '203.0.113.5', now)).resolves.toBeTruthy();
  });

  it('past the order ceiling, still answers the right e-mail from a client that has not failed on it', async () => {
    counts(0, 0, 50);
    await expect(lookupOrder(right, '203.0.113.5', now)).resolves.toMatchObject({ orderNumber: 'C7K2M9Q' });
    expect(counted()).toHaveLength(0);
  });

  it('past the order ceiling, refuses a client that has failed on it, and a wrong guess', async () => {
    counts(1, 1, 50);
    await expectAppError(lookupOrder(right, '203.0.113.5', now), 429, lookupMessages.tooMany(8));
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
    ddb.reset();
    ddb.on(GetCommand).resolves({ Item: order });
    counts(0, 0, 50);
    await expectAppError(lookupOrder(wrong, '203.0.113.5', now), 429, lookupMessages.tooMany(8));
    expect(counted()).toHaveLength(3);
  });
});

describe('checkout request hash', () => {
  const body = {
    zipCode: '10001-1234',
    state: 'NY',
    city: 'New York',
    address: '1 Main St',
    phone: '212-555-0100',
    email: 'a@example.com',
    lastName: 'Doe',
    firstName: 'Jane',
    attestation: true,
    payout: { routingNumber: '021000021', method: 'achWire', bankAccount: '123456789' },
    items: [
      { quantity: 2, productId: '3f2b1c4e-0000-4000-8000-000000000001' },
      { productId: '3f2b1c4e-0000-4000-8000-000000000002', quantity: 1 },
    ],
  } as const satisfies CreateOrderRequest;

  it('is the hash stored by earlier releases (keys were then sorted with localeCompare), whatever the key order', () => {
    // Computed with the localeCompare ordering before it became a code-unit sort: a retry that spans a deploy
    // must still match its idempotency record.
    const stored = '7a4bba8cef9505e3068da0fdb366a6e2c78fda5c093137a04a2708fa07b0f003';
    expect(requestHash(body)).toBe(stored);
    const reordered = Object.fromEntries(Object.entries(body).reverse()) as unknown as CreateOrderRequest;
    expect(requestHash(reordered)).toBe(stored);
  });

  it('changes when a value changes', () => {
    expect(requestHash({ ...body, city: 'Newark' })).not.toBe(requestHash(body));
  });
});
