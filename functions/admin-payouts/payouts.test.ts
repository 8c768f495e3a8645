import { REJECTION_REASON_LABELS } from '../../shared/rules/inspection';
import type { DailyStatsItem } from '../lib/entities';
import type { PayoutItem } from '../lib/receiving/entities';
import { periodOf, toOverview } from './payout-overview';
import { type PayableOrder, payProblem, planPayout } from './payout-plan';
import { pageOf } from './payouts-list';

const payable: PayableOrder = {
  status: 'processing',
  paidAmount: 0,
  totalAmount: 50,
  inspection: { version: 2, amountDueCents: 3725 },
  answer: 'accepted',
  payableAt: '2026-11-20T10:00:00.000Z',
};

describe('payProblem', () => {
  it('pays an inspected, answered, unpaid order at the version the row showed', () => {
    expect(payProblem(payable, 2)).toBeNull();
    for (const answer of ['auto_accepted', 'not_needed', 'return_requested'] as const) {
      expect(payProblem({ ...payable, answer }, 2)).toBeNull();
    }
  });
  it('a correction saved since: amountChanged', () => {
    expect(payProblem(payable, 1)).toBe('amountChanged');
  });
  it('not waiting to be paid: notPayable', () => {
    expect(payProblem({ ...payable, answer: 'awaiting' }, 2)).toBe('notPayable');
    expect(payProblem({ ...payable, inspection: undefined }, 2)).toBe('notPayable');
    expect(payProblem({ ...payable, status: 'completed' }, 2)).toBe('notPayable');
    expect(payProblem({ ...payable, status: 'cancelled' }, 2)).toBe('notPayable');
    expect(payProblem({ ...payable, paidAt: '2026-11-21T00:00:00.000Z' }, 2)).toBe('notPayable');
    expect(payProblem({ ...payable, payableAt: undefined }, 2)).toBe('notPayable');
    // Not payable wins over a stale version: reloading would not help.
    expect(payProblem({ ...payable, answer: 'awaiting' }, 1)).toBe('notPayable');
  });
});

describe('planPayout', () => {
  const inspected = { ...payable, inspection: { version: 2, amountDueCents: 3725 } };
  it('logs the amount due and counts a completion with it, and the days from arrival', () => {
    const plan = planPayout(inspected, '2026-11-18T23:00:00.000Z', '2026-11-21T22:59:00.000Z');
    expect(plan.payment).toBe(37.25);
    expect(plan.paidAfter).toBe(37.25);
    expect(plan.days).toBe(2);
    expect(plan.orders).toEqual({
      status_processing: -1,
      status_completed: 1,
      completed_paid_amount: 37.25,
      completed_total_amount: 50,
    });
    expect(plan.day).toEqual({ amount_paid: 37.25, paid_after_2d: 1 });
  });
  it('pays only the rest when staff logged part by hand; nothing when all of it was', () => {
    expect(planPayout({ ...inspected, paidAmount: 10.1 }, 'x', 'x').payment).toBe(27.15);
    const all = planPayout({ ...inspected, paidAmount: 40 }, '2026-11-18T00:00:00Z', '2026-11-18T00:00:00Z');
    expect(all.payment).toBe(0);
    expect(all.paidAfter).toBe(40);
    expect(all.day.amount_paid).toBe(0);
  });
  it('everything rejected: completes with $0.00 paid', () => {
    const zero = planPayout({ ...inspected, inspection: { version: 2, amountDueCents: 0 } }, 'a', 'a');
    expect(zero.payment).toBe(0);
    expect(zero.orders.completed_paid_amount).toBe(0);
  });
});

const row = (orderId: string, over: Partial<PayoutItem> = {}): PayoutItem => ({
  pk: 'PAYOUTS',
  sk: `2026-11-20T00:00:00.000Z#${orderId}`,
  order_id: orderId,
  customer_name: 'Jamie Rivera',
  email: 'jamie@example.com',
  quote_cents: 5000,
  amount_due_cents: 3725,
  payment_method: 'paypal',
  payable_at: '2026-11-20T00:00:00.000Z',
  arrived_at: '2026-11-17T12:00:00.000Z',
  answer: 'accepted',
  inspection_version: 2,
  ...over,
});

describe('pageOf', () => {
  const now = new Date('2026-11-22T11:00:00.000Z');
  const rows = [
    row('C1AAAAA'),
    row('C1BBBBB', { customer_name: 'Sam Lee', email: 'sam@example.org' }),
    row('C1CCCCC'),
  ];
  it('maps a row in dollars with the method label and the whole days waited', () => {
    expect(pageOf(rows, { q: '', page: 1, pageSize: 25 }, now).rows[0]).toEqual({
      orderId: 'C1AAAAA',
      customerName: 'Jamie Rivera',
      email: 'jamie@example.com',
      quote: 50,
      amountDue: 37.25,
      paymentMethod: 'Paypal',
      readyAt: '2026-11-20T00:00:00.000Z',
      daysWaited: 4,
      answer: 'accepted',
      inspectionVersion: 2,
    });
  });
  it('searches number, name and e-mail without case, and pages with the exact count', () => {
    expect(pageOf(rows, { q: 'c1bbb', page: 1, pageSize: 25 }, now).rows.map((r) => r.orderId)).toEqual([
      'C1BBBBB',
    ]);
    expect(pageOf(rows, { q: 'SAM LEE', page: 1, pageSize: 25 }, now).total).toBe(1);
    expect(pageOf(rows, { q: 'example.com', page: 1, pageSize: 25 }, now).total).toBe(2);
    const second = pageOf(
      [...Array(30)].map((_, i) => row(`C1${i}`)),
      { q: '', page: 2, pageSize: 25 },
      now,
    );
    expect(second.total).toBe(30);
    expect(second.rows.map((r) => r.orderId)).toEqual(['C125', 'C126', 'C127', 'C128', 'C129']);
  });
});

describe('toOverview', () => {
  const day = (sk: string, counts: Record<string, number>) =>
    ({ pk: 'STATS#DAILY', sk, ...counts }) as DailyStatsItem;
  it('adds every shard of every day: rate, rejected value by reason, median days, orders paid', () => {
    const overview = toOverview([
      day('2026-11-20#1', { boxes_received: 6, boxes_accepted: 5, rejected_opened: 12.5, paid_after_2d: 1 }),
      day('2026-11-21#3', { boxes_received: 4, boxes_accepted: 2, rejected_opened: 0.1, paid_after_9d: 2 }),
      day('2026-11-21', { rejected_contaminated: 7.2, orders_received: 3 }),
    ]);
    expect(overview.boxesReceived).toBe(10);
    expect(overview.boxesAccepted).toBe(7);
    expect(overview.acceptanceRate).toBe(0.7);
    expect(overview.ordersPaid).toBe(3);
    expect(overview.medianDaysToPaid).toBe(9);
    expect(overview.rejectedValue.find((r) => r.reason === 'opened')).toEqual({
      reason: 'opened',
      label: REJECTION_REASON_LABELS.opened,
      value: 12.6,
    });
    expect(overview.rejectedValue.find((r) => r.reason === 'contaminated')?.value).toBe(7.2);
    expect(overview.rejectedValue).toHaveLength(5);
  });
  it('nothing yet: zeros and nulls', () => {
    const empty = toOverview([]);
    expect(empty).toMatchObject({
      boxesReceived: 0,
      acceptanceRate: null,
      medianDaysToPaid: null,
      ordersPaid: 0,
    });
  });
  it('the period is the 30 UTC days ending today', () => {
    expect(periodOf(new Date('2026-11-30T23:30:00.000Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
});
