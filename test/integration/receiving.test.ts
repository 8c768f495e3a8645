/**
 * Receiving and grading on the local stack: the packing table's find and receive, the inspection's amounts and
 * its conditional save, the seller's answer and the end of its window.
 *
 * @local-stack exclusive: it reads the day's receiving counters before and after.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dayOf, order as orderEntity } from '../../functions/lib/entities';
import { answerDue, payoutRow } from '../../functions/lib/receiving/entities';
import { receivingMessages as m } from '../../shared/admin-messages';
import { inspectionMessages as im } from '../../shared/messages';
import type { InspectionView, OrderLinkView } from '../../shared/schemas/inspection';
import type { OrderConfirmation } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/product';
import type { ReceivedToday, ReceiveResult, ReceivingOrder } from '../../shared/schemas/receiving';
import { catalogue, checkoutBody, postOrder, uniqueEmail } from '../support/checkout';
import { signIn } from '../support/cognito';
import { dayCounters, getItem, testDb } from '../support/db';
import { requestLabel, waitForLabel } from '../support/labels';
import { api, asClient, newClientIp, stack } from '../support/stack';
import { waitFor } from '../support/wait';

jest.setTimeout(120_000);

type Failure = { error?: { code: string; message: string } };
let token: string;
let products: Product[];
beforeAll(async () => {
  token = (await signIn(stack().admin.email, stack().admin.password)).idToken;
  products = (await catalogue()).filter((p) => p.inStock);
});

const admin = <T>(method: string, path: string, body?: unknown, bearer: string | null = token) =>
  api<T & Failure>(path, {
    method,
    headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const answer = (orderToken: string, value: string, ip = newClientIp()) =>
  api<InspectionView & Failure>('/api/orders/inspection-answer', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...asClient(ip) },
    body: JSON.stringify({ token: orderToken, answer: value }),
  });

const byToken = (orderToken: string) =>
  api<OrderLinkView & Failure>(`/api/orders/by-token?${new URLSearchParams({ token: orderToken })}`);

const stored = async (orderId: string) => (await getItem(orderEntity.key(orderId)))!;
const cents = (n: number) => Math.round(n * 100);

async function newOrder(lines: Array<[Product, number]>): Promise<OrderConfirmation> {
  const res = await postOrder(
    checkoutBody(
      uniqueEmail('receiving'),
      lines.map(([p, quantity]) => ({ productId: p.id, quantity })),
    ),
  );
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as OrderConfirmation;
}

const receive = (orderId: string) =>
  admin<ReceiveResult>('POST', `/api/admin/receiving/orders/${orderId}/receive`);
const inspect = (orderId: string, body: unknown) =>
  admin<ReceivingOrder>('PUT', `/api/admin/receiving/orders/${orderId}/inspection`, body);

/** Every box of each line accepted at full value. */
const allAccepted = (order: OrderConfirmation) =>
  order.items.map((i) => ({ productId: i.productId, received: i.quantity, accepted: i.quantity }));

describe('the packing table', () => {
  it('refuses anyone but staff', async () => {
    expect((await admin('GET', '/api/admin/receiving/today', undefined, null)).status).toBe(401);
    expect(
      (await admin('GET', '/api/admin/receiving/find?code=C000000', undefined, 'not-a-token')).status,
    ).toBe(401);
  });

  it('finds a box by its tracking number as a scanner reads the USPS barcode, and by the order number', async () => {
    const order = await newOrder([[products[0], 1]]);
    expect((await requestLabel(order)).status).toBeLessThan(300);
    const label = await waitForLabel(order);
    expect(label.state).toBe('purchased');
    const tracking = label.trackingNumber!;

    const typed = await admin<ReceivingOrder>(
      'GET',
      `/api/admin/receiving/find?code=${tracking.toLowerCase()}`,
    );
    expect(typed.status).toBe(200);
    expect(typed.body.orderId).toBe(order.orderId);
    expect(typed.body.trackingNumber).toBe(tracking);
    expect(typed.body.customer.name).toBe('Ann Lee');

    const scanned = await admin<ReceivingOrder>('GET', `/api/admin/receiving/find?code=42078701${tracking}`);
    expect(scanned.body.orderId).toBe(order.orderId);
    const byNumber = await admin<ReceivingOrder>('GET', `/api/admin/receiving/find?code=${order.orderId}`);
    expect(byNumber.body.orderId).toBe(order.orderId);
  });

  it('says so for an unknown code, and for none', async () => {
    const res = await admin('GET', '/api/admin/receiving/find?code=9400111111111111111111');
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe(m.unknownCode('9400111111111111111111'));
    const empty = await admin('GET', '/api/admin/receiving/find?code=%20');
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe(m.codeRequired);
  });

  it('marks a box received once: processing, who and when, today’s list; again says when and by whom', async () => {
    const order = await newOrder([[products[0], 1]]);
    const first = await receive(order.orderId);
    expect(first.status).toBe(200);
    expect(first.body.alreadyReceived).toBe(false);
    expect(first.body.order.status).toBe('processing');
    expect(first.body.order.received?.by).toBe(stack().admin.email);

    const again = await receive(order.orderId);
    expect(again.body.alreadyReceived).toBe(true);
    expect(again.body.order.received?.at).toBe(first.body.order.received?.at);

    const today = await admin<ReceivedToday>('GET', '/api/admin/receiving/today');
    expect(today.body.boxes.filter((b) => b.orderId === order.orderId)).toHaveLength(1);
    expect(today.body.boxes[0].receivedAt >= first.body.order.received!.at).toBe(true);
    const log = (await stored(order.orderId)).activity_log as Array<{ type: string }>;
    expect(log.filter((e) => e.type === 'RECEIVED')).toHaveLength(1);
  });
});

describe('inspection', () => {
  it('computes the amount due from accepted, reduced and extra boxes in cents, and keeps the quote', async () => {
    const [a, b] = products;
    const order = await newOrder([[a, 3]]);
    await receive(order.orderId);
    const before = await dayCounters(dayOf(new Date()));
    const res = await inspect(order.orderId, {
      version: 0,
      lines: [
        {
          productId: a.id,
          received: 3,
          accepted: 1,
          reductions: [{ count: 1, price: 7.35, reason: 'Expires in 2 months' }],
          rejections: [{ count: 1, reason: 'opened' }],
          note: 'One box torn open',
        },
      ],
      extras: [{ productId: b.id, received: 2, accepted: 2 }],
    });
    expect(res.status).toBe(200);
    const inspection = res.body.inspection!;
    expect(inspection.version).toBe(1);
    expect(cents(inspection.quote)).toBe(cents(a.buybackPrice) * 3);
    expect(cents(inspection.amountDue)).toBe(cents(a.buybackPrice) + 735 + 2 * cents(b.buybackPrice));
    expect(inspection.extras[0]).toMatchObject({ name: b.name, price: b.buybackPrice, accepted: 2 });
    expect(inspection.answer.state).toBe('awaiting');
    expect(inspection.answer.returned).toEqual([{ name: a.name, count: 1 }]);

    const after = await dayCounters(dayOf(new Date()));
    expect((after.boxes_received ?? 0) - (before.boxes_received ?? 0)).toBe(5);
    expect((after.boxes_accepted ?? 0) - (before.boxes_accepted ?? 0)).toBe(4);
    expect(cents((after.rejected_opened ?? 0) - (before.rejected_opened ?? 0))).toBe(cents(a.buybackPrice));

    // The seller sees it on the secret link, without who inspected.
    const link = await byToken(order.accessToken);
    expect(link.body.inspection?.amountDue).toBe(inspection.amountDue);
    expect(link.body.inspection).not.toHaveProperty('inspectedBy');
  });

  it('refuses counts that do not add up, a reduced price at full value, a missing line, an unknown extra', async () => {
    const [a] = products;
    const order = await newOrder([[a, 2]]);
    await receive(order.orderId);
    const cases: Array<[unknown, string]> = [
      [{ version: 0, lines: [{ productId: a.id, received: 2, accepted: 1 }] }, m.countsDontAddUp(a.name)],
      [
        {
          version: 0,
          lines: [
            {
              productId: a.id,
              received: 2,
              accepted: 1,
              reductions: [{ count: 1, price: a.buybackPrice, reason: 'x' }],
            },
          ],
        },
        m.reducedPriceTooHigh(a.name),
      ],
      [{ version: 0, lines: [] }, m.lineMissing(a.name)],
      [{ version: 0, lines: [{ productId: a.id, received: 3, accepted: 3 }] }, m.overOrdered(a.name)],
      [
        {
          version: 0,
          lines: allAccepted(order),
          extras: [{ productId: '00000000-0000-4000-8000-000000000000', received: 1, accepted: 1 }],
        },
        m.productUnknown,
      ],
      [
        { version: 0, lines: [{ productId: a.id, received: 2, accepted: 2, photos: ['not-a-photo'] }] },
        m.photoUnknown,
      ],
      [{ version: 0, lines: [{ productId: a.id, received: 2, accepted: 1.5 }] }, m.countInvalid],
      [
        {
          version: 0,
          lines: [{ productId: a.id, received: 2, accepted: 1, rejections: [{ count: 1, reason: 'meh' }] }],
        },
        m.rejectionReason,
      ],
    ];
    // The confirmation e-mail's status lands on the order a moment after checkout: let it, first.
    await waitFor(
      'the confirmation e-mail',
      () => stored(order.orderId),
      (o) => o.email_delivery_status === 'sent',
    );
    const unchanged = await stored(order.orderId);
    for (const [body, message] of cases) {
      const res = await inspect(order.orderId, body);
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 400, message });
    }
    expect(await stored(order.orderId)).toEqual(unchanged);
  });

  it('refuses a box not received yet', async () => {
    const order = await newOrder([[products[0], 1]]);
    const res = await inspect(order.orderId, { version: 0, lines: allAccepted(order) });
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(m.notReceived);
  });

  it('lets one of two inspectors win; the other is told the order changed; a correction is a new version', async () => {
    const [a] = products;
    const order = await newOrder([[a, 2]]);
    await receive(order.orderId);
    const [one, two] = await Promise.all([
      inspect(order.orderId, { version: 0, lines: allAccepted(order) }),
      inspect(order.orderId, {
        version: 0,
        lines: [{ productId: a.id, received: 2, accepted: 1, rejections: [{ count: 1, reason: 'damaged' }] }],
      }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect([one, two].find((r) => r.status === 409)!.body.error?.message).toBe(m.changedMeanwhile);

    const corrected = await inspect(order.orderId, {
      version: 1,
      lines: [{ productId: a.id, received: 2, accepted: 1, rejections: [{ count: 1, reason: 'expired' }] }],
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.inspection?.version).toBe(2);
    const firstDue = corrected.body.inspection!.answer.dueAt!;
    // A correction of an inspection awaiting its answer gives the seller a new window: one pointer, the new one.
    const again = await inspect(order.orderId, {
      version: 2,
      lines: [{ productId: a.id, received: 2, accepted: 1, rejections: [{ count: 1, reason: 'damaged' }] }],
    });
    expect(again.body.inspection?.version).toBe(3);
    const due = again.body.inspection!.answer.dueAt!;
    expect(await getItem(answerDue.key(firstDue, order.orderId))).toBeUndefined();
    expect(await getItem(answerDue.key(due, order.orderId))).toBeDefined();
    // The form's own read of the order shows the same inspection.
    const read = await admin<ReceivingOrder>('GET', `/api/admin/receiving/orders/${order.orderId}`);
    expect(read.body.inspection?.version).toBe(3);
    const versions = (
      (await stored(order.orderId)).activity_log as Array<{ type: string; inspection?: unknown }>
    ).filter((e) => e.type === 'INSPECTION');
    expect(versions).toHaveLength(3);
    expect(versions.every((e) => e.inspection)).toBe(true);
  });
});

describe("the seller's answer", () => {
  async function inspected(rejections: Array<{ count: number; reason: string }>): Promise<OrderConfirmation> {
    const [a] = products;
    const order = await newOrder([[a, 2]]);
    await receive(order.orderId);
    const rejected = rejections.reduce((s, r) => s + r.count, 0);
    const res = await inspect(order.orderId, {
      version: 0,
      lines: [{ productId: a.id, received: 2, accepted: 2 - rejected, rejections }],
    });
    expect(res.status).toBe(200);
    return order;
  }

  it('asks for the rejected items back: the amount due stays, the order waits in Payouts', async () => {
    const order = await inspected([{ count: 1, reason: 'expired' }]);
    const due = (await byToken(order.accessToken)).body.inspection!.amountDue;
    const res = await answer(order.accessToken, 'return');
    expect(res.status).toBe(200);
    expect(res.body.answer.state).toBe('return_requested');
    expect(res.body.amountDue).toBe(due);
    expect(res.body.return?.state).toBe('requested');
    const item = await stored(order.orderId);
    expect(await getItem(payoutRow.key(String(item.payable_at), order.orderId))).toMatchObject({
      amount_due_cents: cents(due),
      answer: 'return_requested',
    });
    const again = await answer(order.accessToken, 'accept');
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(im.alreadyAnswered);
  });

  it('never offers contaminated items back', async () => {
    const order = await inspected([{ count: 1, reason: 'contaminated' }]);
    expect((await byToken(order.accessToken)).body.inspection?.answer.returned).toEqual([]);
    const res = await answer(order.accessToken, 'return');
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(im.nothingToReturn);
    expect((await answer(order.accessToken, 'accept')).body.answer?.state).toBe('accepted');
  });

  it('has nothing to answer when everything was accepted: the order goes to Payouts at once', async () => {
    const order = await inspected([]);
    const item = await stored(order.orderId);
    expect((item.inspection_answer as { state: string }).state).toBe('not_needed');
    expect(await getItem(payoutRow.key(String(item.payable_at), order.orderId))).toBeDefined();
    const res = await answer(order.accessToken, 'accept');
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(im.nothingToAnswer);
  });

  it('refuses a malformed token and an unknown answer, changing nothing', async () => {
    expect((await answer('nope', 'accept')).status).toBe(400);
    const order = await inspected([{ count: 1, reason: 'damaged' }]);
    const res = await answer(order.accessToken, 'keep');
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(im.invalidAnswer);
    expect((await byToken(order.accessToken)).body.inspection?.answer.state).toBe('awaiting');
  });

  it('accepts for a silent seller when the window ends (the hourly run); the seller can no longer answer', async () => {
    const order = await inspected([{ count: 1, reason: 'damaged' }]);
    const item = await stored(order.orderId);
    const answerState = item.inspection_answer as { due_at: string };
    // Move the window's end an hour into the past, on the order and its pointer.
    const past = new Date(Date.now() - 3_600_000).toISOString();
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: orderEntity.key(order.orderId),
        UpdateExpression: 'SET inspection_answer.due_at = :past',
        ExpressionAttributeValues: { ':past': past },
      }),
    );
    const old = answerDue.key(answerState.due_at, order.orderId);
    await testDb().send(
      new PutCommand({
        TableName: stack().tableName,
        Item: { ...answerDue.key(past, order.orderId), order_id: order.orderId },
      }),
    );
    await testDb().send(new DeleteCommand({ TableName: stack().tableName, Key: old }));

    const late = await answer(order.accessToken, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe(im.windowEnded);

    const url = Object.entries(stack().schedules).find(([name]) => name.includes('acceptAnswersDue'))![1];
    const run = await fetch(url, { method: 'POST' });
    expect(run.status).toBe(200);
    const view = (await byToken(order.accessToken)).body.inspection!;
    expect(view.answer.state).toBe('auto_accepted');
    const after = await stored(order.orderId);
    expect(await getItem(payoutRow.key(String(after.payable_at), order.orderId))).toMatchObject({
      answer: 'auto_accepted',
    });
    expect(await getItem(answerDue.key(past, order.orderId))).toBeUndefined();
  });
});
