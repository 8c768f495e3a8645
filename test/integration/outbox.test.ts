/**
 * @local-stack exclusive: it takes the e-mail queue down (the local SQS's fault switch).
 */
import { randomUUID } from 'node:crypto';
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

/** The local SQS's fault switch (infra/local/sqs-front.ts) for the e-mail queue. */
async function emailQueueFault(fault: { mode: 'down' | 'ok' } | { mode: 'refuse'; match: string }) {
  const res = await fetch(`${stack().urls.site}/__local/sqs/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ queue: stack().queues['email-jobs'], ...fault }),
  });
  expect(res.status).toBe(200);
}

/**
 * The crash between a commit and the queue: while `during` runs, the e-mail queue is down (SendMessage answers
 * 500, a failure that passes), then it is back.
 */
async function withEmailQueueDown(during: () => Promise<void>): Promise<void> {
  await emailQueueFault({ mode: 'down' });
  try {
    await during();
  } finally {
    await emailQueueFault({ mode: 'ok' });
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
  test('the confirmation e-mail survives a queue that is down after the order commits, and arrives once', async () => {
    // Before the outbox, checkout queued the e-mail itself after the commit, and a refusal lost it.
    const email = uniqueEmail('outbox');
    const [product] = await catalogue();
    const body = checkoutBody(email, [{ productId: product.id, quantity: 1 }]);
    const key = randomUUID();
    let order = {} as OrderConfirmation;
    await withEmailQueueDown(async () => {
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

  test('the completion e-mail survives a queue that is down after the status change commits, and arrives once', async () => {
    const order = await placeOrder();
    await waitForMail(order.customer.email, 1, 60_000);
    const adminToken = (await signIn(stack().admin.email, stack().admin.password)).idToken;
    let entryId = '';
    await withEmailQueueDown(async () => {
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

  test("a record the queue will never take fails at once with the reason, and the next order's e-mail is not held back", async () => {
    const [product] = await catalogue();
    const poisoned = uniqueEmail('poisoned');
    const next = uniqueEmail('after-poison');
    await emailQueueFault({ mode: 'refuse', match: poisoned });
    let refused = {} as OrderConfirmation;
    try {
      refused = (await postOrder(checkoutBody(poisoned, [{ productId: product.id, quantity: 1 }])))
        .body as unknown as OrderConfirmation;
      const after = (await postOrder(checkoutBody(next, [{ productId: product.id, quantity: 1 }])))
        .body as unknown as OrderConfirmation;
      // Behind the refused record on the same stream, the next order's e-mail goes out on the first try.
      await settledAndSent(outboxId('order_confirmation', after.orderId));
      const nextRecord = await outboxRecord(outboxId('order_confirmation', after.orderId));
      expect(nextRecord?.attempts).toBeUndefined();
    } finally {
      await emailQueueFault({ mode: 'ok' });
    }
    const id = outboxId('order_confirmation', refused.orderId);
    const failed = await waitFor(
      'the refused record',
      () => outboxRecord(id),
      (r) => r?.status === 'failed',
    );
    expect(failed?.error).toMatch(/^The e-mail queue refused it: /);
    expect(failed?.attempts).toBeUndefined();
    // Staff see it on the order and in Recent Emails.
    const stored = await waitFor(
      "the order's e-mail status",
      () => getItem(orderKey(refused.orderId)),
      (o) => o?.email_delivery_status === 'failed',
    );
    expect(stored?.email_error).toBe(failed?.error);
    const log = await getItem(emailJob.key(outboxJobId(id)));
    expect(log).toMatchObject({ status: 'failed', recipient_email: poisoned, error: failed?.error });
  });
});
