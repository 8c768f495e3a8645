import { randomUUID } from 'node:crypto';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import EasyPostClient from '@easypost/api';
import { order, settings, shipment } from '../../functions/lib/entities';
import { LOCAL_SECRET_PLACEHOLDERS } from '../../infra/local/resources';
import { labelMessages, orderMessages } from '../../shared/messages';
import type { OrderTracking } from '../../shared/schemas/order';
import type { LabelJob, QrCode, ShipmentView } from '../../shared/schemas/shipment';
import { signIn } from '../support/cognito';
import { getItem, putItem, testDb } from '../support/db';
import {
  easypostControl,
  easypostStats,
  getLabel,
  placeOrder,
  requestLabel,
  waitForLabel,
} from '../support/labels';
import { waitForQueueDrained } from '../support/queues';
import { api, stack } from '../support/stack';

jest.setTimeout(120_000);

const sqs = () =>
  new SQSClient({
    endpoint: stack().urls.sqs,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const sendJob = (job: LabelJob) =>
  sqs().send(
    new SendMessageCommand({ QueueUrl: stack().queues['label-jobs'], MessageBody: JSON.stringify(job) }),
  );

/** Whether a job of this order reaches the label DLQ within the time given. */
async function deadLettered(orderId: string, timeoutMs = 45_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { Messages = [] } = await sqs().send(
      new ReceiveMessageCommand({
        QueueUrl: stack().queues['label-jobs-dlq'],
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 2,
        VisibilityTimeout: 0,
      }),
    );
    if (Messages.some((m) => (JSON.parse(m.Body ?? '{}') as LabelJob).orderId === orderId)) return true;
  }
  return false;
}

const orderItem = (orderId: string) => getItem(order.key(orderId));
const shipmentItem = (orderId: string) => getItem(shipment.key(orderId));

describe('label request and purchase', () => {
  test('happy path: 202, a job buys one TEST label with a USPS QR code, and asking again returns it', async () => {
    const order = await placeOrder();
    const before = await getLabel(order);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ state: 'none', labelUrl: null, orderReference: order.orderId });

    const first = await requestLabel(order);
    expect(first.status).toBe(202);
    expect(first.body.state).toBe('requested');

    const label = await waitForLabel(order);
    expect(label).toMatchObject({
      state: 'purchased',
      orderId: order.orderId,
      orderReference: order.orderId,
      isTestMode: true,
      errorMessage: null,
      trackingStatus: 'pre_transit',
    });
    expect(label.labelUrl).toMatch(/\.pdf$/);
    expect(label.qrCodeUrl).toMatch(/\.png$/);
    expect(label.labelBrokerId).toMatch(/^LB[A-Z0-9]{12}$/);
    expect(label.trackingNumber).toBeTruthy();
    expect(Date.parse(label.labelExpiresAt!) - Date.parse(label.purchasedAt!)).toBe(7 * 86400_000);
    expect(label.timeline.map((e) => e.status)).toEqual(['purchased']);

    const pdf = Buffer.from(await (await fetch(label.labelUrl!)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('NOT FOR SHIPPING');
    const png = Buffer.from(await (await fetch(label.qrCodeUrl!)).arrayBuffer());
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const again = await requestLabel(order);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'purchased', labelUrl: label.labelUrl });
    expect((await easypostStats()).buys[order.orderId]).toBe(1);

    // The spec's order fields carry the label too.
    expect(await orderItem(order.orderId)).toMatchObject({
      shipping_label_url: label.labelUrl,
      qr_code_url: label.qrCodeUrl,
      label_broker_id: label.labelBrokerId,
    });
  });

  test('the QR page can ask for a fresh QR code, which replaces the stored one', async () => {
    const order = await placeOrder();
    await requestLabel(order);
    const label = await waitForLabel(order);
    const res = await api<QrCode>(`/api/orders/${order.orderId}/label/qr-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: order.accessToken }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderReference: order.orderId, isTestMode: true });
    expect(res.body.qrCodeUrl).not.toBe(label.qrCodeUrl);
    expect((await getLabel(order)).body.qrCodeUrl).toBe(res.body.qrCodeUrl);
  });

  test('only the order link opens its label: wrong, foreign or malformed tokens and ids are refused', async () => {
    const [order, other] = await Promise.all([placeOrder(), placeOrder()]);
    const post = (orderId: string, token: unknown) =>
      api<{ error: { message: string } }>(`/api/orders/${orderId}/label`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
    expect((await post(order.orderId, other.accessToken)).status).toBe(404);
    expect((await post(order.orderId, randomUUID())).body.error.message).toBe(orderMessages.notFound);
    expect((await post(order.orderId, 'not-a-token')).body.error.message).toBe(orderMessages.invalidToken);
    expect((await post(order.orderId, undefined)).status).toBe(400);
    expect((await post('nope', order.accessToken)).status).toBe(400);
    expect((await api(`/api/orders/${order.orderId}/label`)).status).toBe(400);
    expect(await shipmentItem(order.orderId)).toBeUndefined();
  });

  test('staff can generate and read any order label; anonymous callers cannot', async () => {
    const order = await placeOrder();
    expect((await api(`/api/admin/orders/${order.orderId}/label`, { method: 'POST' })).status).toBe(401);
    const { idToken } = await signIn(stack().admin.email, stack().admin.password);
    const auth = { authorization: `Bearer ${idToken}` };
    const res = await api<ShipmentView>(`/api/admin/orders/${order.orderId}/label`, {
      method: 'POST',
      headers: auth,
    });
    expect(res.status).toBe(202);
    await waitForLabel(order);
    const read = await api<ShipmentView>(`/api/admin/orders/${order.orderId}/label`, { headers: auth });
    expect(read.body.state).toBe('purchased');
    expect((await api(`/api/admin/orders/C000000/label`, { headers: auth })).status).toBe(404);
  });
});

describe('never buying twice', () => {
  test('simultaneous requests, a duplicate job and a redelivered job buy exactly one label', async () => {
    const order = await placeOrder();
    const answers = await Promise.all([requestLabel(order), requestLabel(order), requestLabel(order)]);
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    const shipment = (await shipmentItem(order.orderId))!;
    const job = { jobId: shipment.job_id as string, orderId: order.orderId, generation: 1 };
    // The same message twice (a redelivery) and a second job for the same shipment.
    await Promise.all([sendJob(job), sendJob(job), sendJob({ ...job, jobId: randomUUID() })]);
    expect((await waitForLabel(order)).state).toBe('purchased');
    await waitForQueueDrained('label-jobs');
    await sendJob(job);
    await waitForQueueDrained('label-jobs');
    expect((await easypostStats()).buys[order.orderId]).toBe(1);
  });

  test('a shipment already bought under the order reference is adopted, not bought again', async () => {
    const order = await placeOrder();
    // What an earlier attempt leaves when it bought but died before saving.
    const client = new EasyPostClient(LOCAL_SECRET_PLACEHOLDERS.easypostTestKey, {
      baseUrl: `${stack().urls.easypost}/v2/`,
    });
    const created = await client.Shipment.create({
      reference: order.orderId,
      from_address: { street1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      to_address: {
        street1: '1200 Commerce Way',
        city: 'Columbus',
        state: 'OH',
        zip: '43215',
        country: 'US',
      },
      parcel: { length: 12, width: 9, height: 4, weight: 32 },
    } as never);
    const usps = created.rates.find((r) => r.carrier === 'USPS')!;
    const bought = await client.Shipment.buy(created.id, usps.id);

    expect((await requestLabel(order)).status).toBe(202);
    const label = await waitForLabel(order);
    expect(label.state).toBe('purchased');
    expect(label.trackingNumber).toBe(bought.tracking_code);
    expect((await easypostStats()).buys[order.orderId]).toBe(1);
  });
});

describe('provider failures', () => {
  test('two transient 500s are retried with backoff, then the label is bought once', async () => {
    const order = await placeOrder();
    await easypostControl('failures', 'POST', {
      operation: 'buy',
      reference: order.orderId,
      status: 500,
      times: 2,
    });
    await requestLabel(order);
    const label = await waitForLabel(order, ['purchased', 'failed'], 60_000);
    expect(label.state).toBe('purchased');
    const stats = await easypostStats();
    expect(stats.callsByReference[order.orderId]?.buy).toBe(3);
    expect(stats.buys[order.orderId]).toBe(1);
    expect((await shipmentItem(order.orderId))?.attempts).toBe(3);
  });

  test('a permanent 422 fails at once with the provider message, without retrying', async () => {
    const order = await placeOrder();
    await easypostControl('failures', 'POST', {
      operation: 'buy',
      reference: order.orderId,
      status: 422,
      times: 1,
      code: 'SHIPMENT.INVALID_PARAMS',
      message: 'Parcel weight exceeds the carrier limit',
    });
    await requestLabel(order);
    const label = await waitForLabel(order);
    expect(label).toMatchObject({
      state: 'failed',
      errorMessage: labelMessages.providerRejected('Parcel weight exceeds the carrier limit'),
      configureSettings: false,
      labelUrl: null,
    });
    await waitForQueueDrained('label-jobs');
    expect((await easypostStats()).callsByReference[order.orderId]?.buy).toBe(1);
    expect((await shipmentItem(order.orderId))?.attempts).toBe(1);
    expect((await orderItem(order.orderId))?.label_error).toBe(label.errorMessage);
  });

  test('an address the carrier cannot verify fails with a clear message', async () => {
    const order = await placeOrder({ address: '99 Undeliverable Road' });
    await requestLabel(order);
    const label = await waitForLabel(order);
    expect(label.state).toBe('failed');
    expect(label.errorMessage).toBe(labelMessages.addressUnverified('Unable to verify address.'));
  });

  test('after the last delivery the job is dead-lettered and the order shows why; asking again works', async () => {
    const order = await placeOrder();
    await easypostControl('failures', 'POST', {
      operation: 'buy',
      reference: order.orderId,
      status: 503,
      times: 5,
      message: 'Carrier gateway unavailable',
    });
    await requestLabel(order);
    const label = await waitForLabel(order, ['purchased', 'failed'], 90_000);
    expect(label.state).toBe('failed');
    expect(label.errorMessage).toBe(`${labelMessages.failed}: Carrier gateway unavailable`);
    expect((await shipmentItem(order.orderId))?.attempts).toBe(5);

    // SQS moves the message on its next receive after the fifth: within the last backoff delay.
    expect(await deadLettered(order.orderId)).toBe(true);

    // The provider is back: the seller asks again and gets the label.
    expect((await requestLabel(order)).status).toBe(202);
    expect((await waitForLabel(order, ['purchased'])).state).toBe('purchased');
    expect((await easypostStats()).buys[order.orderId]).toBe(1);
  });
});

describe('shipping configuration', () => {
  /** Changes the one settings record for the duration of `run`, then puts it back as it was. */
  async function withSettings(change: (settings: Record<string, unknown>) => void, run: () => Promise<void>) {
    const original = (await getItem(settings.key()))!;
    const changed = structuredClone(original);
    change(changed);
    await putItem(changed);
    try {
      await run();
    } finally {
      await putItem(original);
    }
  }

  test('no shipping settings: the spec message, no settings link', async () => {
    const order = await placeOrder();
    await withSettings(
      (s) => {
        for (const key of Object.keys(s))
          if (key.startsWith('warehouse_') || key === 'carrier_id') delete s[key];
      },
      async () => {
        await requestLabel(order);
        const label = await waitForLabel(order);
        expect(label).toMatchObject({
          state: 'failed',
          errorMessage: labelMessages.settingsMissing,
          configureSettings: false,
        });
      },
    );
  });

  test('production mode without a production key: the spec message and the settings link', async () => {
    const order = await placeOrder();
    await withSettings(
      (s) => {
        s.easypost_use_production = 'true';
      },
      async () => {
        await requestLabel(order);
        const label = await waitForLabel(order);
        expect(label).toMatchObject({
          state: 'failed',
          errorMessage: labelMessages.keyMissing,
          configureSettings: true,
        });
      },
    );
  });
});

interface TrackerDelivery {
  body: string;
  signature: string;
  delivered: { status: number } | null;
}

describe('carrier tracking webhook', () => {
  const postWebhook = (body: string, signature: string) =>
    api<{ received: boolean; duplicate: boolean }>('/api/webhooks/easypost', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hmac-signature': signature },
      body,
    });

  test('a signed tracker.updated moves the shipment, adds to the timeline once, and shows on tracking', async () => {
    const order = await placeOrder();
    await requestLabel(order);
    const label = await waitForLabel(order);
    const event = await easypostControl<TrackerDelivery>(`trackers/${label.trackingNumber}`, 'POST', {
      status: 'in_transit',
      message: 'Accepted at USPS Origin Facility',
      city: 'Austin',
      state: 'TX',
    });
    expect(event.delivered?.status).toBe(200);

    const moved = (await getLabel(order)).body;
    expect(moved.trackingStatus).toBe('in_transit');
    const tracking = moved.timeline.filter((e) => e.kind === 'tracking');
    expect(tracking).toEqual([
      expect.objectContaining({
        status: 'in_transit',
        message: 'Accepted at USPS Origin Facility',
        location: 'Austin, TX',
      }),
    ]);
    expect((await orderItem(order.orderId))?.shipment_status).toBe('shipped');

    // Replayed: the same body and signature change nothing.
    const replay = await postWebhook(event.body, event.signature);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await getLabel(order)).body.timeline).toHaveLength(moved.timeline.length);

    // The seller's tracking page shows the same timeline.
    const lookup = await api<OrderTracking>('/api/orders/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumber: order.orderId, email: order.customer.email }),
    });
    expect(lookup.body.timeline.map((e) => e.status)).toEqual(['purchased', 'in_transit']);
  });

  test('a bad or missing signature is refused with 401 and changes nothing', async () => {
    const order = await placeOrder();
    await requestLabel(order);
    const label = await waitForLabel(order);
    const item = (await shipmentItem(order.orderId))!;
    const body = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'Event',
      description: 'tracker.updated',
      result: { object: 'Tracker', status: 'delivered', shipment_id: item.easypost_shipment_id },
    });
    const forged = await postWebhook(body, `hmac-sha256-hex=${'0'.repeat(64)}`);
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ error: { message: labelMessages.invalidSignature } });
    expect((await postWebhook(body, '')).status).toBe(401);
    expect((await getLabel(order)).body.trackingStatus).toBe(label.trackingStatus);
  });
});

describe('7-day refund', () => {
  const runRefunds = async () => {
    const url = Object.entries(stack().schedules).find(([name]) => name.includes('refundExpiredLabels'))![1];
    const res = await fetch(url, { method: 'POST' });
    expect(res.status).toBe(200);
    return (await res.json()) as { checked: number; refunded: number; inUse: number; failed: number };
  };

  /** Moves a label's purchase 8 days into the past, as if it had sat unused. */
  const age = (orderId: string, purchasedAt: string) =>
    testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: shipment.key(orderId),
        UpdateExpression: 'SET gsi2sk = :old, purchased_at = :at',
        ExpressionAttributeValues: { ':old': `${purchasedAt}#${orderId}`, ':at': purchasedAt },
      }),
    );

  test('an unused label older than 7 days is refunded and expired; a new one can be generated', async () => {
    const [unused, scanned, fresh] = await Promise.all([placeOrder(), placeOrder(), placeOrder()]);
    for (const order of [unused, scanned, fresh]) await requestLabel(order);
    const labels = await Promise.all([unused, scanned, fresh].map((o) => waitForLabel(o)));
    const eightDaysAgo = new Date(Date.now() - 8 * 86400_000).toISOString();
    await age(unused.orderId, eightDaysAgo);
    await age(scanned.orderId, eightDaysAgo);
    await easypostControl(`trackers/${labels[1].trackingNumber}`, 'POST', { status: 'in_transit' });

    const summary = await runRefunds();
    expect(summary.refunded).toBeGreaterThanOrEqual(1);
    expect(summary.failed).toBe(0);

    const expired = (await getLabel(unused)).body;
    expect(expired.state).toBe('expired');
    expect(expired.timeline.at(-1)?.status).toBe('expired');
    expect((await getLabel(scanned)).body.state).toBe('purchased');
    expect((await getLabel(fresh)).body.state).toBe('purchased');
    const stats = await easypostStats();
    const refunded = (await shipmentItem(unused.orderId))!.easypost_shipment_id as string;
    expect(stats.refunds[refunded]).toBe(1);

    // A second run finds nothing left to refund for it.
    await runRefunds();
    expect((await easypostStats()).refunds[refunded]).toBe(1);

    // The seller makes a new label: a new reference, bought once.
    expect((await requestLabel(unused)).status).toBe(202);
    const renewed = await waitForLabel(unused, ['purchased']);
    expect(renewed.orderReference).toBe(`${unused.orderId}-2`);
    expect(renewed.labelUrl).not.toBe(labels[0].labelUrl);
    expect((await easypostStats()).buys[`${unused.orderId}-2`]).toBe(1);
  });
});
