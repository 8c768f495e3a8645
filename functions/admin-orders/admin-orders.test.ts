import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { adminOrderMessages as m } from '../../shared/messages';
import { ZAdminOrderDetail } from '../../shared/schemas/admin-orders';
import { counters, order } from '../lib/entities';
import { AppError } from '../lib/errors';
import { planPayment, planStatusChange } from '../lib/order-counters';

process.env.TABLE_NAME = 'test-table';
process.env.IMAGES_BUCKET = 'images-bucket';
process.env.EMAIL_QUEUE_URL = 'http://sqs.local/queue/email-jobs';
process.env.SITE_URL = 'https://shop.example';
const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const sqs = mockClient(SQSClient);
// Imported after the mocks so their module-scope clients are the mocked ones.
const { toAdminDetail } = require('../lib/order-detail') as typeof import('../lib/order-detail');
const { logPayment } = require('./order-payments') as typeof import('./order-payments');
const { setOrderStatus } = require('./order-status') as typeof import('./order-status');
const { addNote } = require('./order-notes') as typeof import('./order-notes');
const { confirmImages } = require('./order-images') as typeof import('./order-images');
const { sniffImageType } = require('../lib/images') as typeof import('../lib/images');
const { queueOrderEmail } = require('./send-order-email') as typeof import('./send-order-email');

const NOW = new Date('2026-03-04T10:00:00.000Z');
const clock = () => NOW;
const ORDER = {
  ...order.key('C7K2M9Q'),
  entity: 'order',
  order_id: 'C7K2M9Q',
  order_number: 'C7K2M9Q',
  status: 'processing',
  shipment_status: 'pending',
  customer: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(555) 123-4567' },
  products: [{ productId: 'p1', quantity: 2, price: 19.99, product: { name: 'Strips' } }],
  total_amount: 39.98,
  paid_amount: 10,
  payment_method: 'check',
  payment_details: { checkPayee: 'Ann Lee' },
  shipping_address: { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
  access_token: '5b0c7f6e-0b1a-4c55-9a43-3f1e0d2c9b11',
  payment_log: [],
  notes: [],
  images: {},
  activity_log: [],
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-02T00:00:00.000Z',
};
/** The part of a GetObject body the confirm step reads. */
const body = (bytes: number[]) => ({ transformToByteArray: async () => Uint8Array.from(bytes) }) as never;
const cancelled = (code: string) =>
  Object.assign(new Error(`Transaction cancelled [${code}]`), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: code }],
  });
const failureOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

beforeEach(() => {
  ddb.reset();
  s3.reset();
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({});
  ddb.on(GetCommand).resolves({ Item: ORDER });
});

describe('counters arithmetic', () => {
  it('moves one order between status counters, in cents', () => {
    expect(
      planStatusChange({ status: 'pending', paid_amount: 0, total_amount: 39.98 }, 'processing'),
    ).toEqual({
      from: 'pending',
      to: 'processing',
      markPaid: null,
      orders: { status_pending: -1, status_processing: 1 },
      dayPaid: 0,
    });
  });

  it('completing with nothing paid marks it paid in full and counts that payment today', () => {
    const plan = planStatusChange({ status: 'pending', paid_amount: 0, total_amount: 0.3 }, 'completed')!;
    expect(plan.markPaid).toBe(0.3);
    expect(plan.dayPaid).toBe(0.3);
    expect(plan.orders).toEqual({
      status_pending: -1,
      status_completed: 1,
      completed_paid_amount: 0.3,
      completed_total_amount: 0.3,
    });
  });

  it('completing a partly paid order keeps its paid amount; leaving completed takes it back out', () => {
    const entering = planStatusChange(
      { status: 'processing', paid_amount: 10.1, total_amount: 39.98 },
      'completed',
    )!;
    expect(entering.markPaid).toBeNull();
    expect(entering.orders).toMatchObject({ completed_paid_amount: 10.1, completed_total_amount: 39.98 });
    const leaving = planStatusChange(
      { status: 'completed', paid_amount: 10.1, total_amount: 39.98 },
      'cancelled',
    )!;
    expect(leaving.orders).toEqual({
      status_completed: -1,
      status_cancelled: 1,
      completed_paid_amount: -10.1,
      completed_total_amount: -39.98,
    });
    expect(leaving.dayPaid).toBe(0);
  });

  it('the same status again changes nothing', () => {
    expect(
      planStatusChange({ status: 'completed', paid_amount: 1, total_amount: 1 }, 'completed'),
    ).toBeNull();
  });

  it('a payment counts toward the day, and toward completed payments only on a completed order', () => {
    expect(planPayment({ status: 'processing', paid_amount: 0.1, total_amount: 0.3 }, 0.2)).toEqual({
      paidAfter: 0.3,
      becomesPaid: true,
      orders: {},
      dayPaid: 0.2,
    });
    const late = planPayment({ status: 'completed', paid_amount: 0.3, total_amount: 0.3 }, 5);
    expect(late).toMatchObject({ becomesPaid: false, orders: { completed_paid_amount: 5 }, dayPaid: 5 });
  });
});

describe('order detail', () => {
  it('parses JSON text fields, a legacy string note and a legacy image list', () => {
    const detail = toAdminDetail({
      ...ORDER,
      customer: JSON.stringify(ORDER.customer),
      payment_details: JSON.stringify({ paypalEmail: 'a@b.c', extra: 3 }),
      payment_log: JSON.stringify([{ id: 'p', amount: 10, method: 'check', notes: '', timestamp: 't' }]),
      activity_log: JSON.stringify([{ id: 'a', type: 'WEIRD', message: 'hi', timestamp: 't' }]),
      notes: 'Box arrived dented',
      images: [{ url: '/images/orders/old.jpg' }],
    } as never);
    expect(ZAdminOrderDetail.safeParse(detail).success).toBe(true);
    expect(detail.customer.email).toBe('ann@example.com');
    // A legacy plaintext record is shown masked too; only the reveal route answers it in full.
    expect(detail.paymentDetails).toEqual({ paypalEmail: 'a•••@b.c', extra: '••••' });
    expect(detail.paymentLog).toHaveLength(1);
    expect(detail.activityLog[0]).toEqual({ id: 'a', type: null, message: 'hi', timestamp: 't' });
    expect(detail.notes).toEqual([{ content: 'Box arrived dented', created_at: ORDER.updated_at }]);
    expect(detail.images[0]).toMatchObject({ url: '/images/orders/old.jpg', filename: 'old.jpg' });
    expect(detail.images[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(detail.balanceDue).toBe(29.98);
    expect(detail.paymentStatus).toBe('Pending');
  });
});

describe('writes', () => {
  it('a payment lost to a concurrent transaction is read again and retried', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict')).resolves({});
    await logPayment('C7K2M9Q', { amount: 5.5, method: 'zelle', notes: 'ref 12' }, 'staff@x.test', clock);
    const calls = ddb.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    const [orderUpdate, ordersCounters, dayCounters] = calls[1].args[0].input.TransactItems!;
    expect(orderUpdate.Update?.UpdateExpression).toContain('ADD');
    expect(orderUpdate.Update?.ConditionExpression).toContain('attribute_not_exists(deleted_at)');
    // Not completed: only the day's amount_paid moves, on one of its shards.
    expect(ordersCounters.Update?.Key?.pk).toBe(counters.dailyPartition);
    expect(ordersCounters.Update?.Key?.sk).toMatch(/^2026-03-04#[0-9]+$/);
    expect(Object.values(ordersCounters.Update?.ExpressionAttributeValues ?? {})).toContain(5.5);
    expect(dayCounters).toBeUndefined();
  });

  it('after five lost races the answer is 409 with the spec message', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    const error = await failureOf(
      logPayment('C7K2M9Q', { amount: 1, method: 'check', notes: '' }, undefined, clock),
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, message: m.paymentFailed });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(5);
  }, 10_000);

  it('a status change moves the byStatus keys and the counters in one transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await setOrderStatus('C7K2M9Q', 'cancelled', 'staff@x.test', clock);
    const [orderUpdate, counters] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    const values = orderUpdate.Update?.ExpressionAttributeValues ?? {};
    expect(Object.values(values)).toContain('ORDERSTATUS#cancelled');
    expect(Object.values(values)).toContain('2026-03-01T00:00:00.000Z#C7K2M9Q');
    expect(values[':listSort']).toBe('2026-03-04T10:00:00.000Z#C7K2M9Q');
    // One shard of the order counters, picked at random.
    expect(counters.Update?.Key).toEqual({ pk: 'STATS', sk: expect.stringMatching(/^ORDERS#[0-9]+$/) });
    expect(counters.Update?.ExpressionAttributeNames).toEqual({
      '#c0': 'status_processing',
      '#c1': 'status_cancelled',
    });
  });

  it('a legacy plain-string note becomes a list, only if still the value read', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...ORDER, notes: 'old note' } });
    ddb.on(UpdateCommand).resolves({});
    await addNote('C7K2M9Q', 'new note', 'staff@x.test', clock);
    const input = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    const values = Object.values(input.ExpressionAttributeValues ?? {});
    expect(values).toContainEqual([
      { content: 'old note', created_at: ORDER.updated_at },
      { content: 'new note', created_at: NOW.toISOString(), by: 'staff@x.test' },
    ]);
    expect(values).toContain('old note');
    expect(input.ConditionExpression).toMatch(/#n\d+ = :v\d+/);
  });
});

describe('image confirmation', () => {
  const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

  it('recognises JPEG, PNG and WebP by their magic bytes only', () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Uint8Array.from(png))).toBe('image/png');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00AVI LIST', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('hello, not an image'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('deletes an upload whose bytes are not the declared image and attaches nothing', async () => {
    s3.on(HeadObjectCommand).rejects(Object.assign(new Error('NotFound'), { name: 'NotFound' }));
    s3.on(HeadObjectCommand, { Key: `images/orders/C7K2M9Q/${ID}.png` }).resolves({
      ContentLength: 20,
      ContentType: 'image/png',
      Metadata: { 'original-name': encodeURIComponent('box photo.png') },
    });
    s3.on(GetObjectCommand).resolves({ Body: body([...Buffer.from('this is plain text')]) });
    s3.on(DeleteObjectCommand).resolves({});
    const error = await failureOf(confirmImages('C7K2M9Q', [ID], undefined, clock));
    expect(error).toMatchObject({ status: 400, message: m.imageRejected('box photo.png') });
    expect(s3.commandCalls(DeleteObjectCommand)[0].args[0].input).toEqual({
      Bucket: 'images-bucket',
      Key: `images/orders/C7K2M9Q/${ID}.png`,
    });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('attaches a good upload to the image map with an IMAGE_UPLOAD entry', async () => {
    s3.on(HeadObjectCommand).rejects(Object.assign(new Error('NotFound'), { name: 'NotFound' }));
    s3.on(HeadObjectCommand, { Key: `images/orders/C7K2M9Q/${ID}.png` }).resolves({
      ContentLength: 2048,
      ContentType: 'image/png',
    });
    s3.on(GetObjectCommand).resolves({ Body: body(png) });
    ddb.on(UpdateCommand).resolves({});
    await confirmImages('C7K2M9Q', [ID], 'staff@x.test', clock);
    const input = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(Object.values(input.ExpressionAttributeNames ?? {})).toContain(ID);
    expect(Object.values(input.ExpressionAttributeValues ?? {})).toContainEqual({
      id: ID,
      url: `/images/orders/C7K2M9Q/${ID}.png`,
      filename: `${ID}.png`,
      original_name: `${ID}.png`,
      uploaded_at: NOW.toISOString(),
    });
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('an upload that never arrived is refused', async () => {
    s3.on(HeadObjectCommand).rejects(Object.assign(new Error('NotFound'), { name: 'NotFound' }));
    const error = await failureOf(confirmImages('C7K2M9Q', [ID], undefined, clock));
    expect(error).toMatchObject({ status: 400, message: m.imageNotUploaded });
  });
});

describe('order e-mails', () => {
  const completed = { ...ORDER, status: 'completed', paid_amount: 39.98, payment_method: 'Direct Deposit' };
  beforeEach(() => {
    // No stored template or settings: the defaults apply.
    ddb.on(GetCommand).resolves({});
    ddb.on(GetCommand, { Key: { pk: 'ORDER#C7K2M9Q', sk: 'ORDER' } }).resolves({ Item: completed });
  });

  it('never puts queued over a status the worker recorded after the queueing', async () => {
    ddb.on(GetCommand, { Key: { pk: 'ORDER#C7K2M9Q', sk: 'ORDER' } }).resolves({
      Item: {
        ...completed,
        email_delivery_status: 'sent',
        email_status_updated_at: '2026-03-04T10:00:05.000Z',
      },
    });
    ddb.on(UpdateCommand).resolves({});
    const result = await queueOrderEmail('C7K2M9Q', 'order_completed', 'staff@x.test', clock);
    expect(result).toEqual({ message: m.completionSent });
    const job = JSON.parse(sqs.commandCalls(SendMessageCommand)[0].args[0].input.MessageBody!);
    expect(job.subject).toBe('Your order C7K2M9Q is complete: you have been paid');
    expect(job.text).toContain('$39.98 by Direct Deposit on March 4, 2026');
    expect(job.html).toContain(
      'https://shop.example/order-confirmation?token=5b0c7f6e-0b1a-4c55-9a43-3f1e0d2c9b11',
    );
    const update = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(Object.values(update.ExpressionAttributeNames ?? {})).not.toContain('email_delivery_status');
    expect(Object.values(update.ExpressionAttributeNames ?? {})).toContain('activity_log');
  });

  it('a stored template that cannot be rendered is "Template not found", and nothing is queued', async () => {
    ddb.on(GetCommand, { Key: { pk: 'EMAILTEMPLATE#order_confirmation', sk: 'TEMPLATE' } }).resolves({
      Item: { subject: 'Hi', html: 3 },
    });
    const error = await failureOf(queueOrderEmail('C7K2M9Q', 'order_confirmation', undefined, clock));
    expect(error).toMatchObject({ status: 400, message: m.templateNotFound('order_confirmation') });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('a queue that refuses the job is a 502 with the spec message, and the order is left alone', async () => {
    sqs.on(SendMessageCommand).rejects(new Error('queue down'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const error = await failureOf(queueOrderEmail('C7K2M9Q', 'order_completed', undefined, clock));
    expect(error).toMatchObject({ status: 502, message: m.completionFailed });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('lost races', () => {
  it('a cancellation that is not a race is not retried', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ValidationError'));
    const error = await failureOf(
      logPayment('C7K2M9Q', { amount: 1, method: 'check', notes: '' }, undefined, clock),
    );
    expect(error).toMatchObject({ name: 'TransactionCanceledException' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
