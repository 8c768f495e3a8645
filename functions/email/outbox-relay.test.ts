import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BatchGetCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { order as orderEntity, outbox, shipment as shipmentEntity } from '../lib/entities';
import { outboxId, outboxJobId, outboxRecord, ticketOutboxRecord } from '../lib/outbox';

process.env.TABLE_NAME = 'test-table';
process.env.EMAIL_QUEUE_URL = 'http://queue.test/email-jobs';
process.env.SITE_URL = 'https://shop.test';

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);

// Imported after the mocks so its module-scope clients are the mocked ones.
const { handler } = require('./handlers/outbox-relay') as typeof import('./handlers/outbox-relay');

const NOW = new Date('2026-11-20T10:00:00.000Z');
const ORDER = {
  ...orderEntity.key('C7K2M9Q'),
  entity: 'order',
  order_id: 'C7K2M9Q',
  status: 'pending',
  customer: { firstName: 'Jamie', lastName: 'Doe', email: 'jamie@example.com', phone: '(614) 555-0123' },
  products: [{ productId: 'p1', quantity: 2, price: 20, product: { name: 'OneTouch Verio 50ct' } }],
  total_amount: 40,
  paid_amount: 0,
  payment_method: 'paypal',
  shipping_address: { address: '1 Main St', city: 'Columbus', state: 'OH', zipCode: '43004' },
  access_token: 'tok-123',
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
};
const SHIPMENT = {
  ...shipmentEntity.key('C7K2M9Q'),
  order_id: 'C7K2M9Q',
  generation: 1,
  label_state: 'purchased',
  label_url: 'https://labels.test/C7K2M9Q.pdf',
  tracking_number: '9400100000000000000001',
  label_expires_at: '2026-11-27T10:00:00.000Z',
};

/** The table as the relay reads it; each test sets the outbox records it holds. */
let records: Record<string, Record<string, unknown>>;
/** Stored e-mail templates by pk. */
let templates: Record<string, Record<string, unknown>>;
let tickets: Record<string, Record<string, unknown>>;
let settingsItem: Record<string, unknown> | undefined;

const streamRecord = (item: Record<string, unknown>, sequence: string): DynamoDBRecord => ({
  eventID: `event-${sequence}`,
  eventName: 'INSERT',
  eventSource: 'aws:dynamodb',
  dynamodb: {
    SequenceNumber: sequence,
    NewImage: marshall(item, { removeUndefinedValues: true }) as never,
    StreamViewType: 'NEW_IMAGE',
  },
});
const run = (...items: DynamoDBRecord[]) => handler({ Records: items } as DynamoDBStreamEvent);
const sent = () => sqs.commandCalls(SendMessageCommand).map((c) => JSON.parse(c.args[0].input.MessageBody!));
const settles = () =>
  ddb
    .commandCalls(UpdateCommand)
    .map((c) => c.args[0].input)
    .filter(
      (input) => String(input.Key?.pk).startsWith('OUTBOX#') && input.ConditionExpression === '#s = :pending',
    )
    .filter((input) => !String(input.UpdateExpression).includes('attempts'));

const confirmation = () => outboxRecord('order_confirmation', 'C7K2M9Q', NOW);

beforeEach(() => {
  ddb.reset();
  sqs.reset();
  records = {};
  templates = {};
  tickets = {};
  settingsItem = { pk: 'SETTINGS', sk: 'SITE', site_name: 'Strip Shop', contact_email: 'help@shop.test' };
  const itemAt = ({ pk, sk }: { pk: string; sk: string }) => {
    if (pk.startsWith('OUTBOX#')) return records[pk];
    if (pk.startsWith('EMAILTEMPLATE#')) return templates[pk] && { pk, sk, ...templates[pk] };
    if (pk.startsWith('TICKET#')) return tickets[pk];
    if (pk === 'SETTINGS') return settingsItem;
    if (pk === ORDER.pk && sk === 'ORDER') return ORDER;
    if (pk === ORDER.pk && sk === 'SHIPMENT') return SHIPMENT;
    return undefined;
  };
  ddb
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: Array<{ pk: string; sk: string }> }> }) => ({
      Responses: { 'test-table': input.RequestItems['test-table'].Keys.map(itemAt).filter(Boolean) },
    }));
  ddb.on(UpdateCommand).resolves({});
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'log').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('outbox relay', () => {
  test('a pending confirmation is queued under the job id of its record, then marked done', async () => {
    const item = confirmation();
    records[item.pk] = item;
    expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [] });
    const [job] = sent();
    expect(job).toMatchObject({
      jobId: outboxJobId(outboxId('order_confirmation', 'C7K2M9Q')),
      to: 'jamie@example.com',
      ref: { kind: 'order', id: 'C7K2M9Q' },
    });
    expect(job.subject).toContain('C7K2M9Q');
    expect(job.text).toContain('https://shop.test/order-confirmation?token=tok-123');
    expect(settles()).toHaveLength(1);
    expect(settles()[0]).toMatchObject({
      Key: outbox.key(item.outbox_id),
      ExpressionAttributeValues: { ':status': 'done', ':detail': job.jobId },
    });
  });

  test('an unusable stored confirmation template: the built-in one is sent, as checkout always did', async () => {
    const item = confirmation();
    records[item.pk] = item;
    templates['EMAILTEMPLATE#order_confirmation'] = { subject: 'Broken', html: 42 };
    expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [] });
    expect(sent()[0].subject).toBe('Your order C7K2M9Q: time to ship!');
  });

  test('an unusable stored completion template: settled failed with the reason, nothing queued', async () => {
    const item = outboxRecord('order_completed', 'C7K2M9Q', NOW, { unique: 'entry-1' });
    records[item.pk] = item;
    templates['EMAILTEMPLATE#order_completed'] = { subject: 'Broken', html: 42 };
    expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [] });
    expect(sent()).toHaveLength(0);
    expect(settles()[0]).toMatchObject({
      ExpressionAttributeValues: { ':status': 'failed', ':detail': 'Template not found: order_completed' },
    });
  });

  test('a redelivered stream record of a settled outbox record queues nothing', async () => {
    const item = confirmation();
    records[item.pk] = { ...item, status: 'done' };
    expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [] });
    expect(sent()).toHaveLength(0);
    expect(settles()).toHaveLength(0);
  });

  test('a crash after queueing and before the mark queues the same job id again on the retry', async () => {
    const item = confirmation();
    records[item.pk] = item;
    ddb.on(UpdateCommand).rejectsOnce(new Error('connection reset')).resolves({});
    expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [{ itemIdentifier: '100' }] });
    expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [] });
    const jobs = sent();
    expect(jobs).toHaveLength(2);
    // One job id: the e-mail worker skips a job it already sent, so the seller gets one e-mail.
    expect(jobs[1].jobId).toBe(jobs[0].jobId);
  });

  test('a queue that is down: the record stays pending with the attempt counted, retried from it', async () => {
    const first = confirmation();
    const second = outboxRecord('order_completed', 'C7K2M9Q', NOW, { unique: 'entry-1' });
    records[first.pk] = first;
    records[second.pk] = second;
    sqs
      .on(SendMessageCommand)
      .rejects(Object.assign(new Error('service unavailable'), { name: 'InternalError' }));
    const result = await run(streamRecord(first, '100'), streamRecord(second, '101'));
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: '100' }] });
    // The record after the failed one waits for the retry, which starts from the failed one.
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(1);
    const attempts = ddb
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input)
      .filter((input) => String(input.UpdateExpression).includes('ADD attempts'));
    expect(attempts).toHaveLength(1);
    expect(attempts[0].ExpressionAttributeValues).toMatchObject({ ':reason': 'service unavailable' });
    expect(settles()).toHaveLength(0);
  });

  test.each([
    ['InvalidMessageContents', 'Invalid characters found.'],
    [
      'InvalidParameterValue',
      'One or more parameters are invalid. Reason: Message must be shorter than 1024 bytes.',
    ],
  ])(
    'a queue that refuses the message itself (%s): failed at once, and the next record goes on',
    async (name, message) => {
      const first = confirmation();
      const second = outboxRecord('order_completed', 'C7K2M9Q', NOW, { unique: 'entry-1' });
      records[first.pk] = first;
      records[second.pk] = second;
      sqs
        .on(SendMessageCommand)
        .rejectsOnce(Object.assign(new Error(message), { name, $fault: 'client' }))
        .resolves({ MessageId: 'm-2' });
      const metrics = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
      const result = await run(streamRecord(first, '100'), streamRecord(second, '101'));
      expect(result).toEqual({ batchItemFailures: [] });
      expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(2);
      expect(settles().map((input) => input.ExpressionAttributeValues?.[':status'])).toEqual([
        'failed',
        'done',
      ]);
      expect(settles()[0].ExpressionAttributeValues?.[':detail']).toBe(
        `The e-mail queue refused it: ${message}`,
      );
      // The order shows it, Recent Emails lists it, and the metric that alarms counts it.
      const updates = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
      expect(updates.find((u) => u.Key?.sk === 'ORDER')?.ExpressionAttributeValues).toMatchObject({
        ':s': 'failed',
        ':e': `The e-mail queue refused it: ${message}`,
      });
      expect(updates.find((u) => String(u.Key?.pk).startsWith('EMAILJOB#'))?.Key).toEqual({
        pk: `EMAILJOB#${outboxJobId(first.outbox_id)}`,
        sk: 'JOB',
      });
      const lines = metrics.mock.calls.map(([line]) => String(line));
      expect(lines.filter((line) => line.includes('"OutboxPermanentFailures":1'))).toHaveLength(1);
    },
  );

  test('an e-mail whose data breaks the template is failed at once, not retried', async () => {
    const item = confirmation();
    records[item.pk] = item;
    templates['EMAILTEMPLATE#order_confirmation'] = { subject: 'x', html: 'y', text: 'z' };
    ORDER.customer = null as never;
    try {
      expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [] });
    } finally {
      ORDER.customer = {
        firstName: 'Jamie',
        lastName: 'Doe',
        email: 'jamie@example.com',
        phone: '(614) 555-0123',
      };
    }
    expect(sent()).toHaveLength(0);
    expect(settles()[0].ExpressionAttributeValues?.[':detail']).toMatch(/^The e-mail could not be written: /);
  });

  test('an e-mail that can never be written (order gone) is settled as failed, not retried', async () => {
    const item = outboxRecord('order_confirmation', 'CGONE00', NOW);
    records[item.pk] = item;
    expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [] });
    expect(sent()).toHaveLength(0);
    expect(settles()[0]).toMatchObject({ ExpressionAttributeValues: { ':status': 'failed' } });
  });

  test('a record that is not an outbox record is passed over', async () => {
    expect(await run(streamRecord({ pk: 'X', sk: 'Y', entity: 'order' }, '100'))).toEqual({
      batchItemFailures: [],
    });
    expect(sent()).toHaveLength(0);
  });

  test('the label e-mail: Print Label, the USPS QR code page, tracking number and ship-by date', async () => {
    const item = outboxRecord('label', 'C7K2M9Q', NOW, { unique: 1, generation: 1 });
    records[item.pk] = item;
    expect(await run(streamRecord(item, '100'))).toEqual({ batchItemFailures: [] });
    const [job] = sent();
    expect(job.jobId).toBe(outboxJobId('label#C7K2M9Q#1'));
    expect(job.subject).toBe('Your free shipping label for order C7K2M9Q');
    for (const body of [job.text, job.html]) {
      expect(body).toContain('Print Label');
      expect(body).toContain('https://labels.test/C7K2M9Q.pdf');
      expect(body).toContain('https://shop.test/shipping-qr-code/C7K2M9Q?token=tok-123');
      expect(body).toContain('9400100000000000000001');
      expect(body).toContain('November 27, 2026');
    }
  });

  test('a label replaced since (another generation) is not e-mailed', async () => {
    const item = outboxRecord('label', 'C7K2M9Q', NOW, { unique: 2, generation: 2 });
    records[item.pk] = item;
    await run(streamRecord(item, '100'));
    expect(sent()).toHaveLength(0);
    expect(settles()[0]).toMatchObject({ ExpressionAttributeValues: { ':status': 'failed' } });
  });
});

describe('ticket e-mails through the outbox', () => {
  const TICKET = {
    pk: 'TICKET#T-ABC234',
    sk: 'TICKET',
    ticket_number: 'T-ABC234',
    name: 'Pat <b>Lee</b>',
    email: 'pat@example.com',
    subject: 'Question',
    message: 'Phone: 5551230000\n\nHow do I ship?',
  };

  test("the shop's notification (reply to the sender) and the sender's confirmation (the number only)", async () => {
    tickets[TICKET.pk] = TICKET;
    const notice = ticketOutboxRecord('ticket_notification', 'T-ABC234', NOW);
    const confirm = ticketOutboxRecord('ticket_confirmation', 'T-ABC234', NOW);
    records[notice.pk] = notice;
    records[confirm.pk] = confirm;
    expect(await run(streamRecord(notice, '100'), streamRecord(confirm, '101'))).toEqual({
      batchItemFailures: [],
    });
    const [toShop, toSender] = sent();
    expect(toShop).toMatchObject({
      jobId: outboxJobId('ticket_notification#T-ABC234'),
      to: 'help@shop.test',
      replyTo: 'pat@example.com',
      subject: 'New Lead/Support Ticket: T-ABC234',
      ref: { kind: 'ticket', id: 'T-ABC234' },
    });
    expect(toShop.html).toContain('Pat &lt;b&gt;Lee&lt;/b&gt;');
    expect(toSender).toMatchObject({
      to: 'pat@example.com',
      subject: 'We received your message (ticket T-ABC234)',
    });
    expect(toSender.text).not.toContain('How do I ship?');
    expect(settles().map((input) => input.ExpressionAttributeValues?.[':status'])).toEqual(['done', 'done']);
  });

  test('no contact e-mail in the settings: the notification fails for good, with the reason', async () => {
    tickets[TICKET.pk] = TICKET;
    settingsItem = { pk: 'SETTINGS', sk: 'SITE', site_name: 'Strip Shop', contact_email: '' };
    const notice = ticketOutboxRecord('ticket_notification', 'T-ABC234', NOW);
    records[notice.pk] = notice;
    expect(await run(streamRecord(notice, '100'))).toEqual({ batchItemFailures: [] });
    expect(sent()).toHaveLength(0);
    expect(settles()[0].ExpressionAttributeValues).toMatchObject({
      ':status': 'failed',
      ':detail': 'No contact e-mail in the settings',
    });
  });
});

describe('outbox job ids', () => {
  test('one UUID per record id, stable, and different records differ', () => {
    const a = outboxJobId('order_confirmation#C7K2M9Q');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(outboxJobId('order_confirmation#C7K2M9Q')).toBe(a);
    expect(outboxJobId('order_confirmation#C7K2M9R')).not.toBe(a);
  });
});
