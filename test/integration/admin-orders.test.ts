import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dayOf, emailTemplate, order as orderEntity } from '../../functions/lib/entities';
import { ORDER_IMAGE_MAX_BYTES } from '../../shared/constants';
import { adminOrderMessages as m } from '../../shared/messages';
import {
  type AdminOrderDetail,
  ZAdminOrderDetail,
  ZCreateImageUploadsResponse,
  ZSetOrderStatusResponse,
} from '../../shared/schemas/admin-orders';
import type { OrderConfirmation, OrderTracking } from '../../shared/schemas/order';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { createPlainUser, signIn } from '../support/cognito';
import { dayCounters, getItem, orderCounters, testDb } from '../support/db';
import { waitForMail } from '../support/mail';
import { api, stack } from '../support/stack';

jest.setTimeout(90_000);

let token: string;
beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
});

const admin = <T = AdminOrderDetail>(method: string, path: string, body?: unknown, bearer = token) =>
  api<T & { error?: { code: string; message: string; fields?: Record<string, string> } }>(path, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

async function newOrder(quantity = 2): Promise<OrderConfirmation> {
  const product = (await catalogue()).find((p) => p.inStock)!;
  const res = await postOrder(
    checkoutBody(uniqueEmail('admin-orders'), [{ productId: product.id, quantity }]),
  );
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  const order = res.body as unknown as OrderConfirmation;
  // The e-mail worker records the checkout's confirmation on the order a moment later: let it land first, so
  // before/after comparisons see only what the admin call did.
  await waitFor(async () => (await stored(order.orderId)).email_delivery_status !== undefined);
  return order;
}

async function waitFor(done: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stored = async (orderId: string) => (await getItem(orderEntity.key(orderId)))!;
const todayCounters = () => dayCounters(dayOf(new Date()));
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
/** Changes stored fields directly, to arrange legacy or broken data the API never writes. */
async function setStored(orderId: string, fields: Record<string, unknown>) {
  const names = Object.fromEntries(Object.keys(fields).map((k, i) => [`#f${i}`, k]));
  const values = Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v]));
  await testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: orderEntity.key(orderId),
      UpdateExpression: `SET ${Object.keys(fields)
        .map((_, i) => `#f${i} = :f${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** A refusal with the spec's message that left the order exactly as it was. */
async function expectRefusedUnchanged(
  orderId: string,
  call: () => Promise<{ status: number; body: { error?: { message: string } } }>,
  status: number,
  message: string,
) {
  const before = await stored(orderId);
  const countersBefore = await orderCounters();
  const res = await call();
  expect(res.status).toBe(status);
  expect(res.body.error?.message).toBe(message);
  expect(await stored(orderId)).toEqual(before);
  expect(await orderCounters()).toEqual(countersBefore);
}

describe('GET /api/admin/orders/{orderId}', () => {
  it('answers everything the detail page shows', async () => {
    const order = await newOrder();
    const res = await admin('GET', `/api/admin/orders/${order.orderId}`);
    expect(res.status).toBe(200);
    expect(ZAdminOrderDetail.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      orderId: order.orderId,
      status: 'pending',
      shipmentStatus: 'pending',
      customer: order.customer,
      total: order.total,
      paidAmount: 0,
      balanceDue: order.total,
      paymentStatus: 'Pending',
      paymentMethod: 'check',
      accessToken: order.accessToken,
      notes: [],
      images: [],
      activityLog: [],
      paymentLog: [],
    });
    expect(res.body.items).toEqual(order.items);
  });

  it('answers 404 for an unknown, a malformed and a soft-deleted order', async () => {
    const unknown = await admin('GET', '/api/admin/orders/CZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe(m.notFound);
    const malformed = await admin('GET', '/api/admin/orders/nope');
    expect(malformed.body.error?.message).toBe(m.notFound);
    const order = await newOrder();
    await setStored(order.orderId, { deleted_at: new Date().toISOString() });
    const deleted = await admin('GET', `/api/admin/orders/${order.orderId}`);
    expect(deleted.status).toBe(404);
    expect(deleted.body.error?.message).toBe(m.notFound);
    const write = await admin('POST', `/api/admin/orders/${order.orderId}/notes`, { content: 'x' });
    expect(write.status).toBe(404);
  });

  it('refuses a signed-in user outside the admin group, writing nothing', async () => {
    const email = `clerk-${Date.now()}@stripbuyback.test`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    const plain = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
    const order = await newOrder();
    await expectRefusedUnchanged(
      order.orderId,
      () =>
        admin('POST', `/api/admin/orders/${order.orderId}/payments`, { amount: 5, method: 'check' }, plain),
      403,
      'Admin access required',
    );
  });
});

describe('status changes', () => {
  it('moves the order, its byStatus keys and the counters, with an activity entry by the staff member', async () => {
    const order = await newOrder();
    const before = await orderCounters();
    const res = await admin<{ order: AdminOrderDetail }>(
      'POST',
      `/api/admin/orders/${order.orderId}/status`,
      {
        status: 'processing',
      },
    );
    expect(res.status).toBe(200);
    expect(ZSetOrderStatusResponse.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ order: { status: 'processing' }, completionEmail: null });
    expect(res.body.order.activityLog).toEqual([
      expect.objectContaining({
        type: 'STATUS_CHANGE',
        message: 'Status changed from pending to processing',
        previousStatus: 'pending',
        newStatus: 'processing',
        by: stack().admin.email,
      }),
    ]);
    const item = await stored(order.orderId);
    expect(item).toMatchObject({
      status: 'processing',
      gsi2pk: 'ORDERSTATUS#processing',
      gsi4sk: `${item.updated_at}#${order.orderId}`,
    });
    const after = await orderCounters();
    expect(Number(after.status_pending) - Number(before.status_pending)).toBe(-1);
    expect(Number(after.status_processing ?? 0) - Number(before.status_processing ?? 0)).toBe(1);
    expect(after.completed_paid_amount).toEqual(before.completed_paid_amount);
  });

  it('the same status again changes nothing; an unknown status is refused', async () => {
    const order = await newOrder();
    const before = await stored(order.orderId);
    const same = await admin('POST', `/api/admin/orders/${order.orderId}/status`, { status: 'pending' });
    expect(same.status).toBe(200);
    expect(await stored(order.orderId)).toEqual(before);
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', `/api/admin/orders/${order.orderId}/status`, { status: 'shipped' }),
      400,
      m.invalidStatus,
    );
  });

  it('completing an unpaid order marks it paid by Direct Deposit, counts it, and e-mails the seller', async () => {
    const order = await newOrder(3);
    const [before, dayBefore] = [await orderCounters(), await todayCounters()];
    const res = await admin<{ order: AdminOrderDetail; completionEmail: unknown }>(
      'POST',
      `/api/admin/orders/${order.orderId}/status`,
      { status: 'completed' },
    );
    expect(res.status).toBe(200);
    expect(res.body.completionEmail).toEqual({ queued: true, message: m.completionSent });
    expect(res.body.order).toMatchObject({
      status: 'completed',
      paidAmount: order.total,
      balanceDue: 0,
      paymentStatus: 'Paid',
      paymentMethod: 'Direct Deposit',
      paidAt: expect.any(String),
      emailDeliveryStatus: expect.stringMatching(/^(queued|sent)$/),
    });
    expect(res.body.order.paymentLog).toEqual([
      expect.objectContaining({ amount: order.total, method: 'Direct Deposit' }),
    ]);
    expect(res.body.order.activityLog.map((e) => e.type)).toEqual(['STATUS_CHANGE', 'PAYMENT', 'EMAIL']);
    const [after, dayAfter] = [await orderCounters(), await todayCounters()];
    expect(cents(after.completed_paid_amount) - cents(before.completed_paid_amount)).toBe(cents(order.total));
    expect(cents(after.completed_total_amount) - cents(before.completed_total_amount)).toBe(
      cents(order.total),
    );
    expect(cents(dayAfter.amount_paid) - cents(dayBefore.amount_paid)).toBe(cents(order.total));
    expect(Number(after.status_completed ?? 0) - Number(before.status_completed ?? 0)).toBe(1);

    const mails = await waitForMail(order.customer.email, 2);
    const completion = mails.find((e) => e.subject.includes('complete'))!;
    expect(completion.subject).toBe(`Your order ${order.orderId} is complete: you have been paid`);
    expect(completion.text).toContain('Direct Deposit');
    expect(completion.text).toContain(`token=${order.accessToken}`);
    expect(completion.html).toContain(`$${order.total.toFixed(2)}`);

    // Leaving completed takes its amounts back out of the completed counters.
    const reopened = await admin('POST', `/api/admin/orders/${order.orderId}/status`, {
      status: 'processing',
    });
    expect(reopened.status).toBe(200);
    const later = await orderCounters();
    expect(cents(later.completed_paid_amount)).toBe(cents(before.completed_paid_amount));
    expect(cents(later.completed_total_amount)).toBe(cents(before.completed_total_amount));
    expect(Number(later.status_completed ?? 0)).toBe(Number(before.status_completed ?? 0));
  });
  it('a completion and a payment at the same moment both land, and the counters match the order', async () => {
    const order = await newOrder();
    const [before, dayBefore] = [await orderCounters(), await todayCounters()];
    const [status, payment] = await Promise.all([
      admin('POST', `/api/admin/orders/${order.orderId}/status`, { status: 'completed' }),
      admin('POST', `/api/admin/orders/${order.orderId}/payments`, { amount: 5, method: 'check' }),
    ]);
    expect([status.status, payment.status]).toEqual([200, 200]);
    const item = await stored(order.orderId);
    expect(item.status).toBe('completed');
    // Whichever went first, the payment is in, and the counters hold exactly what the order now says.
    expect(cents(item.paid_amount)).toBeGreaterThanOrEqual(500);
    const [after, dayAfter] = [await orderCounters(), await todayCounters()];
    expect(cents(after.completed_paid_amount) - cents(before.completed_paid_amount)).toBe(
      cents(item.paid_amount),
    );
    expect(cents(after.completed_total_amount) - cents(before.completed_total_amount)).toBe(
      cents(order.total),
    );
    expect(cents(dayAfter.amount_paid) - cents(dayBefore.amount_paid)).toBe(cents(item.paid_amount));
  });

  it('completion answers why no e-mail went out, and none is tried without an address', async () => {
    const noShipping = await newOrder();
    await setStored(noShipping.orderId, {
      shipping_address: { address: '', city: '', state: '', zipCode: '' },
    });
    const refused = await admin<{ order: AdminOrderDetail; completionEmail: unknown }>(
      'POST',
      `/api/admin/orders/${noShipping.orderId}/status`,
      { status: 'completed' },
    );
    expect(refused.status).toBe(200);
    expect(refused.body.order.status).toBe('completed');
    expect(refused.body.completionEmail).toEqual({ queued: false, message: m.missingShipping });

    const noEmail = await newOrder();
    await setStored(noEmail.orderId, { customer: { ...noEmail.customer, email: '' } });
    const silent = await admin<{ completionEmail: unknown }>(
      'POST',
      `/api/admin/orders/${noEmail.orderId}/status`,
      {
        status: 'completed',
      },
    );
    expect(silent.body.completionEmail).toBeNull();
    expect((await stored(noEmail.orderId)).activity_log).toHaveLength(2);
  });
});

describe('payments', () => {
  it('refuses bad input with the spec message and writes nothing', async () => {
    const order = await newOrder();
    const path = `/api/admin/orders/${order.orderId}/payments`;
    const cases: Array<[unknown, string]> = [
      [{ amount: 0, method: 'check' }, m.paymentAmount],
      [{ amount: 1.005, method: 'check' }, m.paymentAmount],
      [{ amount: 'ten', method: 'check' }, m.paymentAmountInvalid],
      [{ amount: 5, method: 'gold' }, m.paymentMethod],
      [{ amount: 5 }, m.paymentMethod],
      [{ amount: 5, method: 'check', notes: 'x'.repeat(1001) }, m.paymentNotesTooLong],
    ];
    for (const [body, message] of cases) {
      await expectRefusedUnchanged(order.orderId, () => admin('POST', path, body), 400, message);
    }
  });

  it('two payments logged at the same moment both count, in the order, its logs and the counters', async () => {
    const order = await newOrder(4);
    const dayBefore = await todayCounters();
    const path = `/api/admin/orders/${order.orderId}/payments`;
    const [a, b] = await Promise.all([
      admin('POST', path, { amount: 10.1, method: 'zelle', notes: 'first' }),
      admin('POST', path, { amount: 0.2, method: 'venmo', notes: 'second' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const item = await stored(order.orderId);
    expect(cents(item.paid_amount)).toBe(1030);
    expect(item.payment_log).toHaveLength(2);
    expect((item.activity_log as unknown[]).length).toBe(2);
    expect(cents((await todayCounters()).amount_paid) - cents(dayBefore.amount_paid)).toBe(1030);
    const detail = await admin('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.body.paidAmount).toBe(10.3);
    expect(detail.body.balanceDue).toBe(Math.round(order.total * 100 - 1030) / 100);
    expect(detail.body.paidAt).toBeNull();
    expect(detail.body.activityLog[0]).toMatchObject({ type: 'PAYMENT', by: stack().admin.email });
  });

  it('a payment that reaches the total stamps paid_at; on a completed order it counts toward completed payments', async () => {
    const order = await newOrder();
    const paid = await admin('POST', `/api/admin/orders/${order.orderId}/payments`, {
      amount: order.total,
      method: 'paypal',
      notes: 'txn 9',
    });
    expect(paid.body).toMatchObject({
      paymentStatus: 'Paid',
      paidAt: expect.any(String),
      paymentMethod: 'paypal',
      paymentNotes: 'txn 9',
    });
    const completed = await admin('POST', `/api/admin/orders/${order.orderId}/status`, {
      status: 'completed',
    });
    // Already paid: completion keeps the logged method.
    expect(completed.body).toMatchObject({ order: { paymentMethod: 'paypal', paidAmount: order.total } });
    const before = await orderCounters();
    await admin('POST', `/api/admin/orders/${order.orderId}/payments`, { amount: 2.5, method: 'check' });
    const after = await orderCounters();
    expect(cents(after.completed_paid_amount) - cents(before.completed_paid_amount)).toBe(250);
    expect(after.completed_total_amount).toEqual(before.completed_total_amount);
  });
});

describe('notes', () => {
  it('appends a trimmed note with an activity entry; an empty one is refused', async () => {
    const order = await newOrder();
    const path = `/api/admin/orders/${order.orderId}/notes`;
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', path, { content: '   ' }),
      400,
      m.noteEmpty,
    );
    await expectRefusedUnchanged(order.orderId, () => admin('POST', path, {}), 400, m.noteEmpty);
    const res = await admin('POST', path, { content: '  Box arrived dented  ' });
    expect(res.status).toBe(200);
    expect(res.body.notes).toEqual([{ content: 'Box arrived dented', created_at: expect.any(String) }]);
    expect(res.body.activityLog).toEqual([expect.objectContaining({ type: null, message: 'Note added' })]);
  });

  it('converts a legacy plain-string note to a list before appending', async () => {
    const order = await newOrder();
    await setStored(order.orderId, { notes: 'Called the seller' });
    const res = await admin('POST', `/api/admin/orders/${order.orderId}/notes`, { content: 'Second' });
    expect(res.body.notes.map((n) => n.content)).toEqual(['Called the seller', 'Second']);
    expect(Array.isArray((await stored(order.orderId)).notes)).toBe(true);
  });
});

describe('order e-mails', () => {
  it('queues the confirmation e-mail, records it on the order, and the worker marks it sent', async () => {
    const order = await newOrder();
    const before = (await stored(order.orderId)).email_status_updated_at as string;
    const res = await admin<{ message: string; order: AdminOrderDetail }>(
      'POST',
      `/api/admin/orders/${order.orderId}/emails`,
      { template: 'order_confirmation' },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.confirmationSent);
    expect(res.body.order.activityLog).toEqual([
      expect.objectContaining({ type: 'EMAIL', by: stack().admin.email }),
    ]);
    const answered = res.body.order;
    expect(answered.emailStatusUpdatedAt! > before).toBe(true);
    expect(['queued', 'sent']).toContain(answered.emailDeliveryStatus);
    // The checkout's confirmation plus this one.
    const mails = await waitForMail(order.customer.email, 2);
    expect(mails.filter((e) => e.subject === `Your order ${order.orderId}: time to ship!`)).toHaveLength(2);
    await waitFor(async () => {
      const item = await stored(order.orderId);
      return (
        item.email_delivery_status === 'sent' &&
        (answered.emailDeliveryStatus === 'sent' ||
          item.email_status_updated_at !== answered.emailStatusUpdatedAt)
      );
    });
  });

  it('refuses an unknown template, an order missing data, and a broken stored template', async () => {
    const order = await newOrder();
    const path = `/api/admin/orders/${order.orderId}/emails`;
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', path, { template: 'x' }),
      400,
      m.invalidOrderData,
    );

    await setStored(order.orderId, {
      shipping_address: { address: '', city: 'Austin', state: 'TX', zipCode: '' },
    });
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', path, { template: 'order_completed' }),
      400,
      m.missingShipping,
    );
    await setStored(order.orderId, {
      shipping_address: { address: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      products: 'not json',
    });
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', path, { template: 'order_completed' }),
      400,
      m.invalidProducts,
    );
    await setStored(order.orderId, { total_amount: 'lots' });
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', path, { template: 'order_completed' }),
      400,
      m.invalidOrderData,
    );
    await setStored(order.orderId, {
      total_amount: 10,
      products: [],
      customer: JSON.stringify({ firstName: 'Ann' }),
    });
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', path, { template: 'order_completed' }),
      400,
      m.missingCustomer,
    );

    const fresh = await newOrder();
    const key = emailTemplate.key('order_completed');
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: key,
        UpdateExpression: 'SET subject = :s',
        ExpressionAttributeValues: { ':s': 'Only a subject' },
      }),
    );
    try {
      await expectRefusedUnchanged(
        fresh.orderId,
        () => admin('POST', `/api/admin/orders/${fresh.orderId}/emails`, { template: 'order_completed' }),
        400,
        m.templateNotFound('order_completed'),
      );
    } finally {
      await testDb().send(new DeleteCommand({ TableName: stack().tableName, Key: key }));
    }
  });
});

describe('images', () => {
  const s3 = () =>
    new S3Client({
      endpoint: stack().urls.s3,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  const bucket = () => stack().imagesBucket as string;
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  ]);

  const requestUploads = (orderId: string, files: unknown[]) =>
    admin<{
      uploads: Array<{ imageId: string; filename: string; url: string; fields: Record<string, string> }>;
    }>('POST', `/api/admin/orders/${orderId}/images/uploads`, { files });

  /** The browser's upload: the policy fields, then the file, as multipart form data. */
  async function post(upload: { url: string; fields: Record<string, string> }, bytes: Buffer, type: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'upload');
    return fetch(upload.url, { method: 'POST', body: form });
  }

  it('refuses too many, too large and wrong-type files with the spec messages, writing nothing', async () => {
    const order = await newOrder();
    const file = (filename: string, contentType = 'image/png', size = 1000) => ({
      filename,
      contentType,
      size,
    });
    await expectRefusedUnchanged(
      order.orderId,
      () =>
        requestUploads(
          order.orderId,
          Array.from({ length: 11 }, (_, i) => file(`${i}.png`)),
        ),
      400,
      m.maxFiles,
    );
    await expectRefusedUnchanged(
      order.orderId,
      () =>
        requestUploads(order.orderId, [
          file('a.png', 'image/png', ORDER_IMAGE_MAX_BYTES),
          file('ok.png'),
          file('b.jpg', 'image/jpeg', ORDER_IMAGE_MAX_BYTES + 5),
        ]),
      400,
      m.filesTooLarge('a.png, b.jpg'),
    );
    await expectRefusedUnchanged(
      order.orderId,
      () => requestUploads(order.orderId, [file('doc.pdf', 'application/pdf'), file('x.gif', 'image/gif')]),
      400,
      m.filesBadType('doc.pdf, x.gif'),
    );
    await expectRefusedUnchanged(order.orderId, () => requestUploads(order.orderId, []), 400, m.uploadFailed);
    const confirm = (body: unknown) => admin('POST', `/api/admin/orders/${order.orderId}/images`, body);
    await expectRefusedUnchanged(
      order.orderId,
      () => confirm({ imageIds: ['../../x'] }),
      400,
      m.imageNotFound,
    );
    await expectRefusedUnchanged(
      order.orderId,
      () => confirm({ imageIds: Array.from({ length: 11 }, () => randomUUID()) }),
      400,
      m.maxFiles,
    );
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('DELETE', `/api/admin/orders/${order.orderId}/images/not-an-id`),
      400,
      m.imageNotFound,
    );
  });

  it('uploads through the presigned POST, confirms, shows it to staff and the seller, then deletes it', async () => {
    const order = await newOrder();
    const res = await requestUploads(order.orderId, [
      { filename: 'box front.png', contentType: 'image/png', size: PNG.length },
    ]);
    expect(res.status).toBe(200);
    expect(ZCreateImageUploadsResponse.safeParse(res.body).success).toBe(true);
    const [upload] = res.body.uploads;
    expect(upload.filename).toBe('box front.png');
    // The browser posts there: the site's CSP must allow it, and the bucket is in the path (the emulator
    // speaks path-style URLs only).
    const csp = (await fetch(stack().urls.site)).headers.get('content-security-policy') ?? '';
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src')) ?? '';
    expect(connect.split(/\s+/)).toContain(new URL(upload.url).origin);
    expect(new URL(upload.url).pathname).toBe(`/${bucket()}`);
    expect(upload.fields).toMatchObject({
      key: `images/orders/${order.orderId}/${upload.imageId}.png`,
      'Content-Type': 'image/png',
    });
    const policy = JSON.parse(Buffer.from(upload.fields.Policy, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key: upload.fields.key },
        { 'Content-Type': 'image/png' },
        ['content-length-range', 1, ORDER_IMAGE_MAX_BYTES - 1],
      ]),
    );
    expect((await post(upload, PNG, 'image/png')).ok).toBe(true);

    const confirmed = await admin('POST', `/api/admin/orders/${order.orderId}/images`, {
      imageIds: [upload.imageId],
    });
    expect(confirmed.status).toBe(200);
    const url = `/images/orders/${order.orderId}/${upload.imageId}.png`;
    expect(confirmed.body.images).toEqual([
      { id: upload.imageId, url, filename: `${upload.imageId}.png`, uploaded_at: expect.any(String) },
    ]);
    expect(confirmed.body.activityLog).toEqual([
      expect.objectContaining({ type: 'IMAGE_UPLOAD', details: 'box front.png' }),
    ]);
    expect((await stored(order.orderId)).images).toMatchObject({
      [upload.imageId]: { original_name: 'box front.png' },
    });
    const served = await fetch(`${stack().urls.site}${url}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const tracking = await api<OrderTracking>('/api/orders/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumber: order.orderId, email: order.customer.email }),
    });
    expect(tracking.body.images).toEqual([{ url, filename: `${upload.imageId}.png` }]);

    const deleted = await admin('DELETE', `/api/admin/orders/${order.orderId}/images/${upload.imageId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.images).toEqual([]);
    expect(deleted.body.activityLog[1]).toMatchObject({ type: null, message: 'Image deleted' });
    await expect(
      s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: upload.fields.key })),
    ).rejects.toMatchObject({ name: 'NotFound' });
    const again = await admin('DELETE', `/api/admin/orders/${order.orderId}/images/${upload.imageId}`);
    expect(again.status).toBe(404);
    expect(again.body.error?.message).toBe(m.imageNotFound);
  });

  it('refuses and deletes an upload whose bytes are not an image, or that is too large; attaches nothing', async () => {
    const order = await newOrder();
    const res = await requestUploads(order.orderId, [
      { filename: 'notes.png', contentType: 'image/png', size: 40 },
    ]);
    const [upload] = res.body.uploads;
    // s3rver lets any POST through; S3 itself would enforce the policy's size and type.
    expect((await post(upload, Buffer.from('just some text, not a picture'), 'image/png')).ok).toBe(true);
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', `/api/admin/orders/${order.orderId}/images`, { imageIds: [upload.imageId] }),
      400,
      m.imageRejected('notes.png'),
    );
    await expect(
      s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: upload.fields.key })),
    ).rejects.toMatchObject({ name: 'NotFound' });

    const bigId = randomUUID();
    const bigKey = `images/orders/${order.orderId}/${bigId}.png`;
    await s3().send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: bigKey,
        ContentType: 'image/png',
        Body: Buffer.concat([PNG, Buffer.alloc(ORDER_IMAGE_MAX_BYTES)]),
      }),
    );
    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', `/api/admin/orders/${order.orderId}/images`, { imageIds: [bigId] }),
      400,
      m.imageRejected(`${bigId}.png`),
    );
    await expect(s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: bigKey }))).rejects.toMatchObject({
      name: 'NotFound',
    });

    await expectRefusedUnchanged(
      order.orderId,
      () => admin('POST', `/api/admin/orders/${order.orderId}/images`, { imageIds: [randomUUID()] }),
      400,
      m.imageNotUploaded,
    );
  });

  it('keeps a legacy image list: a new photo turns it into a map, and a legacy photo can be deleted', async () => {
    const order = await newOrder();
    const legacyUrl = `/images/orders/${order.orderId}/legacy.jpg`;
    await setStored(order.orderId, {
      images: [{ url: legacyUrl, filename: 'legacy.jpg', uploaded_at: '2025-01-01T00:00:00.000Z' }],
    });
    const id = randomUUID();
    await s3().send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: `images/orders/${order.orderId}/${id}.jpg`,
        ContentType: 'image/jpeg',
        Body: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
      }),
    );
    const confirmed = await admin('POST', `/api/admin/orders/${order.orderId}/images`, { imageIds: [id] });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.images.map((i) => i.url)).toEqual([
      legacyUrl,
      `/images/orders/${order.orderId}/${id}.jpg`,
    ]);
    const images = (await stored(order.orderId)).images as Record<string, unknown>;
    expect(Array.isArray(images)).toBe(false);
    expect(Object.keys(images)).toHaveLength(2);
    const legacyId = confirmed.body.images[0].id;
    const deleted = await admin('DELETE', `/api/admin/orders/${order.orderId}/images/${legacyId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.images.map((i) => i.id)).toEqual([id]);
  });
});
