/**
 * Payouts (issue 40): the queue, 'Pay and Complete', the overview, the return label and the seller's e-mails
 * about an inspection. The inspection itself (receiving, save, the seller's answer) is arranged directly in the
 * table here, in the shape functions/lib/receiving/entities.ts stores it, so these tests hold the payouts side
 * on its own.
 *
 * @local-stack exclusive: it reads the shop's and the day's counters before and after a payment.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  counterShard,
  counters,
  dayOf,
  type OrderItem,
  order as orderEntity,
} from '../../functions/lib/entities';
import { outboxRecord } from '../../functions/lib/outbox';
import { type PayoutItem, payoutRow, type StoredInspection } from '../../functions/lib/receiving/entities';
import { payoutItemFor } from '../../functions/lib/receiving/views';
import { receivingMessages as rm } from '../../shared/admin-messages';
import { amountDueCents, type GradedLine, REJECTION_REASON_LABELS } from '../../shared/rules/inspection';
import type { AdminOrderDetail } from '../../shared/schemas/admin-orders';
import type { AnswerState } from '../../shared/schemas/inspection';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { PayoutList, PayoutOverview, ReceivingOrder } from '../../shared/schemas/receiving';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { createPlainUser, signIn } from '../support/cognito';
import { dayCounters, getItem, orderCounters, testDb } from '../support/db';
import { easypostStats } from '../support/labels';
import { waitForMail } from '../support/mail';
import { api, stack } from '../support/stack';

jest.setTimeout(120_000);

let token: string;
beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
});

type Answer<T> = T & { error?: { code: string; message: string } };
const admin = <T>(method: string, path: string, body?: unknown, bearer = token) =>
  api<Answer<T>>(path, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
const stored = async (orderId: string) =>
  (await getItem(orderEntity.key(orderId))) as unknown as OrderItem & Record<string, unknown>;
const table = () => stack().tableName;

async function waitFor(done: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function newOrder(
  label: string,
  quantity = 3,
): Promise<OrderConfirmation & { price: number; productId: string; name: string }> {
  const product = (await catalogue()).find((p) => p.inStock)!;
  const res = await postOrder(checkoutBody(uniqueEmail(label), [{ productId: product.id, quantity }]));
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  const order = res.body as unknown as OrderConfirmation;
  await waitFor(async () => (await stored(order.orderId)).email_delivery_status !== undefined);
  return { ...order, price: product.buybackPrice, productId: product.id, name: product.name };
}

/**
 * The order as the lead's save-inspection and answer leave it: received, inspected (one line: `accepted` at full
 * value, one box reduced to $1.00 for being short-dated, one rejected as opened), answered, and when payable
 * its row in the payouts queue.
 */
async function inspect(
  order: Awaited<ReturnType<typeof newOrder>>,
  opts: {
    answer: AnswerState;
    payable: boolean;
    arrivedDaysAgo?: number;
    version?: number;
    returnRequested?: boolean;
  },
) {
  const now = new Date();
  const arrived = new Date(now.getTime() - (opts.arrivedDaysAgo ?? 3) * 86_400_000).toISOString();
  const priceCents = Math.round(order.price * 100);
  const line: GradedLine = {
    productId: order.productId,
    name: order.name,
    priceCents,
    received: 3,
    accepted: 1,
    reductions: [{ count: 1, priceCents: 100, reason: 'Short-dated' }],
    rejections: [{ count: 1, reason: 'opened' }],
    photos: [],
  };
  const graded = { lines: [line], extras: [] };
  const inspection: StoredInspection = {
    version: opts.version ?? 1,
    ...graded,
    quote_cents: Math.round(order.total * 100),
    amount_due_cents: amountDueCents(graded),
    inspected_at: now.toISOString(),
    inspected_by: 'inspector@example.com',
  };
  const payableAt = now.toISOString();
  const fields: Record<string, unknown> = {
    received_at: arrived,
    received_by: 'packer@example.com',
    inspection,
    inspection_answer: {
      state: opts.answer,
      ...(opts.answer === 'awaiting'
        ? { due_at: new Date(now.getTime() + 14 * 86_400_000).toISOString() }
        : {}),
    },
    ...(opts.payable ? { payable_at: payableAt } : {}),
    ...(opts.returnRequested
      ? { return_shipment: { state: 'requested', requested_at: now.toISOString() } }
      : {}),
  };
  const names = Object.fromEntries(Object.keys(fields).map((k, i) => [`#f${i}`, k]));
  const values = Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v]));
  await testDb().send(
    new UpdateCommand({
      TableName: table(),
      Key: orderEntity.key(order.orderId),
      UpdateExpression: `SET ${Object.keys(fields)
        .map((_, i) => `#f${i} = :f${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  if (opts.payable) {
    const item = await stored(order.orderId);
    const row: PayoutItem = payoutItemFor(
      item as never,
      inspection,
      opts.answer,
      payableAt,
      payoutRow.key(payableAt, order.orderId),
    );
    await testDb().send(new PutCommand({ TableName: table(), Item: row }));
  }
  return { inspection, payableAt, arrived };
}

const list = (q = '', page = 1, pageSize = 100) =>
  admin<PayoutList>('GET', `/api/admin/payouts?q=${encodeURIComponent(q)}&page=${page}&pageSize=${pageSize}`);

describe('the payouts queue', () => {
  it('lists a payable order with its amounts, method and days waited; search by number and e-mail', async () => {
    const order = await newOrder('payouts-list');
    const { inspection } = await inspect(order, { answer: 'accepted', payable: true, arrivedDaysAgo: 4 });
    const byId = await list(order.orderId);
    expect(byId.status).toBe(200);
    expect(byId.body.total).toBe(1);
    expect(byId.body.rows[0]).toMatchObject({
      orderId: order.orderId,
      email: order.customer.email,
      quote: order.total,
      amountDue: inspection.amount_due_cents / 100,
      answer: 'accepted',
      inspectionVersion: 1,
      daysWaited: 4,
    });
    const byEmail = await list(order.customer.email.toUpperCase());
    expect(byEmail.body.rows.map((r) => r.orderId)).toEqual([order.orderId]);
    const all = await list();
    // Oldest first.
    const ready = all.body.rows.map((r) => r.readyAt);
    expect([...ready].sort()).toEqual(ready);
    expect((await list('', 1, 7 as never)).status).toBe(400);
  });

  it('refuses a signed-in user outside the admin group', async () => {
    const email = `clerk-${Date.now()}@stripbuyback.test`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    const plain = (await signIn(email, 'Str0ng!Passw0rd')).idToken;
    const order = await newOrder('payouts-plain');
    await inspect(order, { answer: 'accepted', payable: true });
    for (const [method, path, body] of [
      ['GET', '/api/admin/payouts', undefined],
      ['GET', '/api/admin/payouts/overview', undefined],
      ['POST', `/api/admin/payouts/${order.orderId}/pay`, { inspectionVersion: 1, method: 'check' }],
      ['POST', `/api/admin/receiving/orders/${order.orderId}/return-label`, undefined],
    ] as const) {
      const res = await admin(method, path, body, plain);
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect((await stored(order.orderId)).status).toBe('pending');
  });
});

describe('Pay and Complete', () => {
  it('pays the amount due, completes the order, leaves the queue, counts it, and e-mails what and why', async () => {
    const order = await newOrder('payouts-pay');
    const { inspection, payableAt } = await inspect(order, {
      answer: 'accepted',
      payable: true,
      arrivedDaysAgo: 5,
    });
    expect(await getItem(payoutRow.key(payableAt, order.orderId))).toBeDefined();
    const day = dayOf(new Date());
    const [ordersBefore, dayBefore] = [await orderCounters(), await dayCounters(day)];
    const res = await admin<AdminOrderDetail>('POST', `/api/admin/payouts/${order.orderId}/pay`, {
      inspectionVersion: 1,
      method: 'paypal',
      notes: 'Batch 12',
    });
    expect(res.status).toBe(200);
    const due = inspection.amount_due_cents / 100;
    expect(res.body).toMatchObject({ status: 'completed', paidAmount: due });
    const after = await stored(order.orderId);
    expect(after.status).toBe('completed');
    expect(after.paid_amount).toBe(due);
    expect(after.paid_at).toBeDefined();
    expect(after.payable_at).toBeUndefined();
    expect(after.gsi2pk).toContain('completed');
    const activity = after.activity_log as Array<{ type: string; message: string; by?: string }>;
    expect(activity.map((e) => e.type)).toEqual(
      expect.arrayContaining(['PAYMENT', 'STATUS_CHANGE', 'EMAIL']),
    );
    expect(activity.find((e) => e.type === 'PAYMENT')?.by).toBe(stack().admin.email);
    expect(await getItem(payoutRow.key(payableAt, order.orderId))).toBeUndefined();
    expect((await list(order.orderId)).body.total).toBe(0);

    const [ordersAfter, dayAfter] = [await orderCounters(), await dayCounters(day)];
    expect((ordersAfter.status_completed ?? 0) - (ordersBefore.status_completed ?? 0)).toBe(1);
    expect((ordersAfter.status_pending ?? 0) - (ordersBefore.status_pending ?? 0)).toBe(-1);
    expect(cents(ordersAfter.completed_paid_amount) - cents(ordersBefore.completed_paid_amount)).toBe(
      inspection.amount_due_cents,
    );
    expect(cents(dayAfter.amount_paid) - cents(dayBefore.amount_paid)).toBe(inspection.amount_due_cents);
    expect((dayAfter.paid_after_5d ?? 0) - (dayBefore.paid_after_5d ?? 0)).toBe(1);

    const [, completion] = await waitForMail(order.customer.email, 2);
    expect(completion.subject).toContain('is complete');
    expect(completion.text).toContain(`We sent you $${due.toFixed(2)}`);
    expect(completion.text).toContain(`Your quote was $${order.total.toFixed(2)}`);
    expect(completion.text).toContain(`1 accepted at $1.00 each: Short-dated`);
    expect(completion.text).toContain(`1 not accepted: ${REJECTION_REASON_LABELS.opened}`);
    expect(completion.html).toContain(REJECTION_REASON_LABELS.opened);

    // Paid: not again.
    const again = await admin('POST', `/api/admin/payouts/${order.orderId}/pay`, {
      inspectionVersion: 1,
      method: 'paypal',
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(rm.notPayable);
  });

  it('refuses a stale inspection version (409 amountChanged) and an order not payable, changing nothing', async () => {
    const stale = await newOrder('payouts-stale');
    await inspect(stale, { answer: 'accepted', payable: true, version: 2 });
    const before = await stored(stale.orderId);
    const res = await admin('POST', `/api/admin/payouts/${stale.orderId}/pay`, {
      inspectionVersion: 1,
      method: 'check',
    });
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(rm.amountChanged);
    expect(await stored(stale.orderId)).toEqual(before);

    const awaiting = await newOrder('payouts-awaiting');
    await inspect(awaiting, { answer: 'awaiting', payable: false });
    const refused = await admin('POST', `/api/admin/payouts/${awaiting.orderId}/pay`, {
      inspectionVersion: 1,
      method: 'check',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(rm.notPayable);

    const uninspected = await newOrder('payouts-none');
    const none = await admin('POST', `/api/admin/payouts/${uninspected.orderId}/pay`, {
      inspectionVersion: 1,
      method: 'check',
    });
    expect(none.status).toBe(409);
    expect((await stored(uninspected.orderId)).status).toBe('pending');

    const bad = await admin('POST', `/api/admin/payouts/${stale.orderId}/pay`, {
      inspectionVersion: 0,
      method: 'x',
    });
    expect(bad.status).toBe(400);
  });

  it('two staff paying at once: one pays, the other is told it is no longer waiting', async () => {
    const order = await newOrder('payouts-race');
    const { inspection } = await inspect(order, { answer: 'auto_accepted', payable: true });
    const pay = () =>
      admin('POST', `/api/admin/payouts/${order.orderId}/pay`, { inspectionVersion: 1, method: 'zelle' });
    const results = await Promise.all([pay(), pay()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await stored(order.orderId);
    expect(after.paid_amount).toBe(inspection.amount_due_cents / 100);
    expect((after.payment_log as unknown[]).length).toBe(1);
  });
});

describe('the overview', () => {
  it('sums the last 30 days of counters: acceptance rate, value rejected by reason, median days, orders paid', async () => {
    const before = (await admin<PayoutOverview>('GET', '/api/admin/payouts/overview')).body;
    // What save-inspection ADDs (functions/lib/receiving/counters.ts inspectionDeltas), on today's shard.
    await testDb().send(
      new UpdateCommand({
        TableName: table(),
        Key: counters.day(dayOf(new Date()), counterShard()),
        UpdateExpression: 'SET entity = :e ADD boxes_received :r, boxes_accepted :a, rejected_expired :x',
        ExpressionAttributeValues: { ':e': 'daily-stats', ':r': 10, ':a': 8, ':x': 12.5 },
      }),
    );
    const res = await admin<PayoutOverview>('GET', '/api/admin/payouts/overview');
    expect(res.status).toBe(200);
    const after = res.body;
    expect(after.days).toBe(30);
    expect(after.boxesReceived - before.boxesReceived).toBe(10);
    expect(after.boxesAccepted - before.boxesAccepted).toBe(8);
    expect(after.acceptanceRate).toBeCloseTo(after.boxesAccepted / after.boxesReceived, 3);
    const expired = (o: PayoutOverview) => o.rejectedValue.find((r) => r.reason === 'expired')!;
    expect(cents(expired(after).value) - cents(expired(before).value)).toBe(1250);
    expect(expired(after).label).toBe(REJECTION_REASON_LABELS.expired);
    expect(after.ordersPaid).toBeGreaterThanOrEqual(1);
    expect(after.medianDaysToPaid).not.toBeNull();
  });
});

describe('the return label', () => {
  it('buys one label from the warehouse to the seller, logs it and e-mails the link; a second click is refused', async () => {
    const order = await newOrder('payouts-return');
    await inspect(order, { answer: 'return_requested', payable: true, returnRequested: true });
    const path = `/api/admin/receiving/orders/${order.orderId}/return-label`;
    const [first, second] = await Promise.all([
      admin<ReceivingOrder>('POST', path),
      admin<ReceivingOrder>('POST', path),
    ]);
    const ok = [first, second].find((r) => r.status === 200)!;
    const refused = [first, second].find((r) => r.status !== 200)!;
    expect(ok).toBeDefined();
    expect(refused.status).toBe(409);
    expect(ok.body.inspection?.return).toMatchObject({ state: 'label_bought' });
    expect(ok.body.inspection?.return?.labelUrl).toMatch(/^http/);
    expect((await easypostStats()).buys[`${order.orderId}-RETURN`]).toBe(1);
    const after = await stored(order.orderId);
    const ret = after.return_shipment as Record<string, unknown>;
    expect(ret).toMatchObject({ state: 'label_bought', bought_by: stack().admin.email });
    expect(ret.buying_until).toBeUndefined();
    expect((after.activity_log as Array<{ type: string }>).some((e) => e.type === 'RETURN_LABEL')).toBe(true);

    const again = await admin('POST', path);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(rm.returnLabelExists);

    const mails = await waitForMail(order.customer.email, 2);
    const mail = mails.find((m) => m.subject.includes('on their way back'))!;
    expect(mail).toBeDefined();
    expect(mail.text).toContain(String(ret.label_url));
    expect(mail.text).toContain(`${order.name} x 1`);
  });

  it('refuses when the seller has not asked for the items back', async () => {
    const order = await newOrder('payouts-noreturn');
    await inspect(order, { answer: 'accepted', payable: true });
    const res = await admin('POST', `/api/admin/receiving/orders/${order.orderId}/return-label`);
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(rm.noReturnRequested);
  });
});

describe('the inspection e-mail', () => {
  it('tells the seller line by line, the quote, the amount due, the date to answer by and the link', async () => {
    const order = await newOrder('payouts-inspected');
    const { inspection } = await inspect(order, { answer: 'awaiting', payable: false });
    // What save-inspection puts in its transaction.
    await testDb().send(
      new PutCommand({
        TableName: table(),
        Item: outboxRecord('order_inspected', order.orderId, new Date(), { unique: 1 }),
      }),
    );
    const mails = await waitForMail(order.customer.email, 2);
    const mail = mails.find((m) => m.subject.includes('We checked your box'))!;
    expect(mail).toBeDefined();
    expect(mail.text).toContain(
      `${order.name}: 1 accepted at full value; 1 accepted at $1.00 each: Short-dated; 1 not accepted: ${REJECTION_REASON_LABELS.opened}`,
    );
    expect(mail.text).toContain(`Original quote: $${order.total.toFixed(2)}`);
    expect(mail.text).toContain(`Amount due to you: $${(inspection.amount_due_cents / 100).toFixed(2)}`);
    expect(mail.text).toContain('Please choose by');
    expect(mail.text).toContain(`/order-confirmation?token=${encodeURIComponent(order.accessToken)}`);
    expect(mail.html).toContain('Short-dated');
  });
});
