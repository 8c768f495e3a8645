/**
 * What a change does to the counters (pure arithmetic, in cents so sums never drift): the order counters'
 * status_<status>, completed_paid_amount and completed_total_amount, and the day's amount_paid.
 */
import { fromCents, toCents } from '../../shared/rules/money.js';

export const COMPLETED = 'completed';

export interface CounterDeltas {
  /** ADDs on counters.orders(). */
  orders: Record<string, number>;
  /** ADD to the day's amount_paid. */
  dayPaid: number;
}

export interface StatusChangePlan extends CounterDeltas {
  from: string;
  to: string;
  /** The amount the order is marked paid with (its total) when it is completed with nothing paid; else null. */
  markPaid: number | null;
}

/** Same status again: null (nothing to change). */
export function planStatusChange(
  order: { status: string; paid_amount?: number | null; total_amount: number },
  to: string,
): StatusChangePlan | null {
  const from = order.status;
  if (from === to) return null;
  const paid = toCents(order.paid_amount ?? 0);
  const total = toCents(order.total_amount);
  const markPaid = to === COMPLETED && paid === 0 ? total : null;
  const paidAfter = markPaid ?? paid;
  const orders: Record<string, number> = { [`status_${from}`]: -1, [`status_${to}`]: 1 };
  if (to === COMPLETED) {
    orders.completed_paid_amount = fromCents(paidAfter);
    orders.completed_total_amount = fromCents(total);
  } else if (from === COMPLETED) {
    orders.completed_paid_amount = -fromCents(paid);
    orders.completed_total_amount = -fromCents(total);
  }
  return {
    from,
    to,
    markPaid: markPaid === null ? null : fromCents(markPaid),
    orders,
    dayPaid: markPaid === null ? 0 : fromCents(markPaid),
  };
}

export interface PaymentPlan extends CounterDeltas {
  paidAfter: number;
  /** This payment brings the order to its total. */
  becomesPaid: boolean;
}

export function planPayment(
  order: { status: string; paid_amount?: number | null; total_amount: number },
  amount: number,
): PaymentPlan {
  const paid = toCents(order.paid_amount ?? 0);
  const total = toCents(order.total_amount);
  const after = paid + toCents(amount);
  return {
    paidAfter: fromCents(after),
    becomesPaid: paid < total && after >= total,
    orders: order.status === COMPLETED ? { completed_paid_amount: fromCents(toCents(amount)) } : {},
    dayPaid: fromCents(toCents(amount)),
  };
}
