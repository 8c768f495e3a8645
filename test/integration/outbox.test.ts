import { randomUUID } from 'node:crypto';
import { GetQueueAttributesCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { emailJob, order as orderEntity, outbox } from '../../functions/lib/entities';
import { outboxId, outboxJobId } from '../../functions/lib/outbox';
import type { OrderConfirmation } from '../../shared/schemas/order';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { signIn } from '../support/cognito';
import { getItem } from '../support/db';
import { placeOrder, requestLabel, waitForLabel } from '../support/labels';
import { waitForMail } from '../support/mail';
import { api, stack } from '../support/stack';
import { waitFor } from '../support/wait';

jest.setTimeout(180_000);

const orderKey = (orderId: string) => orderEntity.key(orderId);

const sqs = () =>
  new SQSClient({
    endpoint: stack().urls.sqs,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const outboxRecord = (id: string) => getItem(outbox.key(id));

/** The outbox record settled (done), and the e-mail worker's log entry of its job sent. */
async function settledAndSent(id: string) {
  const record = await waitFor(
    'outbox record',
    () => outboxRecord(id),
    (r) => r?.status === 'done',
  );
  expect(record?.job_id).toBe(outboxJobId(id));
  const log = await waitFor(
    'e-mail log entry',
    () => getItem(emailJob.key(outboxJobId(id))),
    (l) => l?.status === 'sent',
  );
  return { record, log };
}

/**
 * The crash between a commit and the queue: while `during` runs, the e-mail queue refuses every order e-mail
 * (too large for it), then it is put back as it was.
 */
async function withRefusingEmailQueue(during: () => Promise<void>): Promise<void> {
  const queueUrl = stack().queues['email-jobs'];
  const { Attributes } = await sqs().send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['MaximumMessageSize'] }),
  );
  const original = Attributes?.MaximumMessageSize ?? '262144';
  await sqs().send(
    new SetQueueAttributesCommand({ QueueUrl: queueUrl, Attributes: { MaximumMessageSize: '1024' } }),
  );
  try {
    await during();
  } finally {
    await sqs().send(
      new SetQueueAttributesCommand({ QueueUrl: queueUrl, Attributes: { MaximumMessageSize: original } }),
    );
  }
}

/** The relay tried and failed at least once: the record stays pending and counts the attempt. */
async function failedOnce(id: string): Promise<void> {
  const failed = await waitFor(
    'a failed relay attempt',
    () => outboxRecord(id),
    (r) => Number(r?.attempts ?? 0) >= 1,
  );
  expect(failed?.status).toBe('pending');
}

describe('the e-mail outbox', () => {
  test('the confirmation e-mail survives a queue that refuses it after the order commits, and arrives once', async () => {
    // Before the outbox, checkout queued the e-mail itself after the commit, and a refusal lost it.
    const email = uniqueEmail('outbox');
    const [product] = await catalogue();
    const body = checkoutBody(email, [{ productId: product.id, quantity: 1 }]);
    const key = randomUUID();
    let order = {} as OrderConfirmation;
    await withRefusingEmailQueue(async () => {
      const res = await postOrder(body, key);
      expect(res.status).toBe(201);
      order = res.body as unknown as OrderConfirmation;
      await failedOnce(outboxId('order_confirmation', order.orderId));
    });

    const mails = await waitForMail(email, 1, 60_000);
    expect(mails[0].subject).toContain(order.orderId);
    await settledAndSent(outboxId('order_confirmation', order.orderId));

    // The same checkout again (an idempotent replay) answers the same order and owes nothing new.
    const replay = await postOrder(body, key);
    expect((replay.body as unknown as OrderConfirmation).orderId).toBe(order.orderId);
    expect(await waitForMail(email, 1)).toHaveLength(1);
  });

  test('the completion e-mail survives a queue that refuses it after the status change commits, and arrives once', async () => {
    const order = await placeOrder();
    await waitForMail(order.customer.email, 1, 60_000);
    const adminToken = (await signIn(stack().admin.email, stack().admin.password)).idToken;
    let entryId = '';
    await withRefusingEmailQueue(async () => {
      const res = await api<{ completionEmail: { queued: boolean; message: string } | null }>(
        `/api/admin/orders/${order.orderId}/status`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'completed' }),
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.completionEmail?.queued).toBe(true);
      const stored = await getItem(orderKey(order.orderId));
      const change = ((stored?.activity_log ?? []) as Array<{ id: string; type: string }>).find(
        (e) => e.type === 'STATUS_CHANGE',
      )!;
      entryId = change.id;
      await failedOnce(outboxId('order_completed', order.orderId, entryId));
    });
    const id = outboxId('order_completed', order.orderId, entryId);
    await settledAndSent(id);
    const mails = await waitForMail(order.customer.email, 2, 60_000);
    expect(mails.filter((m) => m.subject.includes('is complete'))).toHaveLength(1);
  });

  test('buying a label e-mails it once: Print Label, the USPS QR code page, tracking number, ship-by date', async () => {
    const order = await placeOrder();
    expect((await requestLabel(order)).status).toBeLessThan(300);
    const label = await waitForLabel(order);
    expect(label.state).toBe('purchased');
    const id = outboxId('label', order.orderId, 1);
    await settledAndSent(id);

    const mails = await waitForMail(order.customer.email, 2, 60_000);
    const labelMails = mails.filter((m) => m.subject.includes('shipping label'));
    expect(labelMails).toHaveLength(1);
    const [mail] = labelMails;
    expect(mail.subject).toBe(`Your free shipping label for order ${order.orderId}`);
    const qrPage = `${stack().urls.site}/shipping-qr-code/${order.orderId}?token=${order.accessToken}`;
    const shipBy = new Date(label.labelExpiresAt!).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Print Label');
      expect(body).toContain(label.labelUrl!);
      expect(body).toContain('USPS QR Code');
      expect(body).toContain(label.trackingNumber!);
      expect(body).toContain(shipBy);
    }
    expect(mail.text).toContain(qrPage);
    expect(mail.html).toContain(qrPage.replace(/&/g, '&amp;'));

    // Asking for the label again reuses it: no second label e-mail.
    expect((await requestLabel(order)).status).toBeLessThan(300);
    await waitForLabel(order);
    expect(
      (await waitForMail(order.customer.email, 2)).filter((m) => m.subject.includes('shipping label')),
    ).toHaveLength(1);
  });
});
