/**
 * The back office's API on one order, continued: the e-mails staff send from it and the photos they attach. The
 * detail, status, payments and notes: admin-orders.test.ts.
 *
 * @local-stack exclusive: it checks that a refused change leaves the shop's order counters as they were.
 */
import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { emailTemplate } from '../../functions/lib/entities';
import { ORDER_IMAGE_MAX_BYTES } from '../../shared/constants';
import { adminOrderMessages as m } from '../../shared/messages';
import { type AdminOrderDetail, ZCreateImageUploadsResponse } from '../../shared/schemas/admin-orders';
import type { OrderTracking } from '../../shared/schemas/order';
import {
  admin,
  expectRefusedUnchanged,
  newOrder,
  setStored,
  signInStaff,
  stored,
  waitFor,
} from '../support/admin-orders';
import { testDb } from '../support/db';
import { waitForMail } from '../support/mail';
import { api, stack } from '../support/stack';

jest.setTimeout(90_000);

beforeAll(signInStaff);

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
    // A key S3 cannot hold is simply not there (s3rver alone answers 500).
    expect((await fetch(`${stack().urls.site}/images/orders/%00.png`)).status).toBe(404);
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
