import { randomUUID } from 'node:crypto';
import { adminOrderMessages as m } from '../../shared/messages.js';
import { formatMoney } from '../../shared/rules/money.js';
import type { LogPaymentRequest } from '../../shared/schemas/admin-orders.js';
import { counterShard, counters, dayOf, type OrderItem } from '../lib/entities.js';
import { planPayment } from '../lib/order-counters.js';
import { storedAmount } from '../lib/order-views.js';
import { changeOrder, commit, counterUpdate, getOrderForStaff, OrderUpdate } from '../lib/order-writes.js';
import { paymentMethodLabel } from '../lib/payment-methods.js';

/**
 * Logs a payment (spec 001 §4): ADD to paid_amount, the method and notes, payment and activity log entries,
 * paid_at once it reaches the total, and the counters (the day's amount_paid; completed_paid_amount when the
 * order is completed) in one transaction, conditional on the status and paid amount read. Two payments logged
 * at once both land: the loser of the race reads again and adds on top.
 */
export async function logPayment(
  orderId: string,
  payment: LogPaymentRequest,
  by: string | undefined,
  now: () => Date,
): Promise<OrderItem> {
  await changeOrder(orderId, m.paymentFailed, async (order) => {
    const plan = planPayment(
      {
        status: order.status,
        paid_amount: storedAmount(order.paid_amount),
        total_amount: storedAmount(order.total_amount),
      },
      payment.amount,
    );
    const at = now().toISOString();
    const id = randomUUID();
    const update = new OrderUpdate(order, at);
    // ADD is atomic; a legacy paid_amount stored as text or null cannot be added to, so it is replaced.
    if (typeof order.paid_amount === 'number') update.add('paid_amount', payment.amount);
    else update.set('paid_amount', plan.paidAfter);
    update
      .set('payment_method', payment.method)
      .set('payment_notes', payment.notes)
      .append('payment_log', [
        { id, amount: payment.amount, method: payment.method, notes: payment.notes, timestamp: at },
      ])
      .append('activity_log', [
        {
          id: randomUUID(),
          type: 'PAYMENT',
          message: `Payment of ${formatMoney(payment.amount)} received via ${paymentMethodLabel(payment.method)}`,
          timestamp: at,
          amount: payment.amount,
          method: payment.method,
          ...(payment.notes ? { details: payment.notes } : {}),
          ...(by ? { by } : {}),
        },
      ])
      .unchanged('status', order.status)
      .unchanged('paid_amount', order.paid_amount)
      .unchanged('total_amount', order.total_amount);
    if (plan.becomesPaid) update.set('paid_at', at);
    const shard = counterShard();
    await commit(update, [
      counterUpdate(counters.orders(shard), 'stats', plan.orders),
      counterUpdate(counters.day(dayOf(at), shard), 'daily-stats', { amount_paid: plan.dayPaid }),
    ]);
  });
  return getOrderForStaff(orderId);
}
