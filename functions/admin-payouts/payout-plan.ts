/**
 * What paying an inspected order does, as pure arithmetic in cents: whether it may be paid, what payment is
 * logged (the amount due less anything staff logged by hand before), and what it ADDs to the counters.
 */
import { receivingMessages as m } from '../../shared/admin-messages.js';
import { fromCents, toCents } from '../../shared/rules/money.js';
import type { AnswerState } from '../../shared/schemas/inspection.js';
import { daysBetween, paidAfterCounter } from '../lib/receiving/counters.js';

export const COMPLETED = 'completed';
const CLOSED = new Set([COMPLETED, 'cancelled']);
/** Answers after which the amount due is owed (a return leaves the amount due as it is). */
const PAYABLE_ANSWERS: ReadonlySet<AnswerState> = new Set([
  'accepted',
  'auto_accepted',
  'not_needed',
  'return_requested',
]);

export interface PayableOrder {
  status: string;
  paidAmount: number;
  paidAt?: string;
  totalAmount: number;
  inspection?: { version: number; amountDueCents: number };
  answer: AnswerState;
  payableAt?: string;
}

/** Why the order cannot be paid with the version the row showed: null when it can. */
export function payProblem(order: PayableOrder, version: number): 'notPayable' | 'amountChanged' | null {
  if (!order.inspection || CLOSED.has(order.status) || order.paidAt || !order.payableAt) return 'notPayable';
  if (!PAYABLE_ANSWERS.has(order.answer)) return 'notPayable';
  if (order.inspection.version !== version) return 'amountChanged';
  return null;
}

export const payProblemMessage = (problem: 'notPayable' | 'amountChanged') => m[problem];

export interface PayoutPlan {
  /** The payment logged now (dollars): the amount due less what was logged before; 0 logs none. */
  payment: number;
  /** paid_amount afterwards (dollars). */
  paidAfter: number;
  /** ADDs on the order counters. */
  orders: Record<string, number>;
  /** ADDs on the day's counters: amount_paid and one in the days-to-paid histogram. */
  day: Record<string, number>;
  days: number;
}

export function planPayout(
  order: PayableOrder & { inspection: { version: number; amountDueCents: number } },
  arrivedAt: string,
  at: string,
): PayoutPlan {
  const paid = toCents(order.paidAmount);
  const paymentCents = Math.max(0, order.inspection.amountDueCents - paid);
  const paidAfter = paid + paymentCents;
  const days = daysBetween(arrivedAt, at);
  return {
    payment: fromCents(paymentCents),
    paidAfter: fromCents(paidAfter),
    orders: {
      [`status_${order.status}`]: -1,
      [`status_${COMPLETED}`]: 1,
      completed_paid_amount: fromCents(paidAfter),
      completed_total_amount: fromCents(toCents(order.totalAmount)),
    },
    day: { amount_paid: fromCents(paymentCents), [paidAfterCounter(days)]: 1 },
    days,
  };
}
