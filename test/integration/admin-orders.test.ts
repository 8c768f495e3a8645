/**
 * The back office's API on one order: the detail, status changes, payments and notes. Its e-mails and photos:
 * admin-orders-emails-images.test.ts; the list: admin-orders-list.test.ts.
 *
 * @local-stack exclusive: it checks that a refused change leaves the shop's order counters as they were.
 */
import { dayOf } from '../../functions/lib/entities';
import { adminOrderMessages as m } from '../../shared/messages';
import {
  type AdminOrderDetail,
  ZAdminOrderDetail,
  ZSetOrderStatusResponse,
} from '../../shared/schemas/admin-orders';
import {
  admin,
  expectRefusedUnchanged,
  newOrder,
  setStored,
  signInStaff,
  stored,
} from '../support/admin-orders';
import { createPlainUser, signIn } from '../support/cognito';
import { dayCounters, orderCounters } from '../support/db';
import { waitForMail } from '../support/mail';
import { stack } from '../support/stack';

jest.setTimeout(90_000);

beforeAll(signInStaff);

const todayCounters = () => dayCounters(dayOf(new Date()));
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);

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
