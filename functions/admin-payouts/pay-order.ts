import { randomUUID } from 'node:crypto';
import { receivingMessages as m } from '../../shared/admin-messages.js';
import { formatMoney } from '../../shared/rules/money.js';
import type { ActivityEntry, PaymentLogEntry } from '../../shared/schemas/admin-orders.js';
import type { PayOrderRequest } from '../../shared/schemas/receiving.js';
import { counterShard, counters, dayOf, type OrderItem, order as orderEntity } from '../lib/entities.js';
import { AppError } from '../lib/errors.js';
import { log } from '../lib/log.js';
import { completionEmailProblem } from '../lib/order-completion.js';
import { storedAmount } from '../lib/order-views.js';
import { changeOrder, commit, counterUpdate, getOrderForStaff, OrderUpdate } from '../lib/order-writes.js';
import { outboxPut, outboxRecord } from '../lib/outbox.js';
import { paymentMethodLabel } from '../lib/payment-methods.js';
import { deleteItem, payoutRow } from '../lib/receiving/entities.js';
import { arrivedAt, type ReceivingOrderItem } from '../lib/receiving/views.js';
import { COMPLETED, type PayableOrder, payProblem, planPayout } from './payout-plan.js';

export function payableOf(order: ReceivingOrderItem): PayableOrder {
  return {
    status: order.status,
    paidAmount: storedAmount(order.paid_amount),
    ...(order.paid_at ? { paidAt: order.paid_at } : {}),
    totalAmount: storedAmount(order.total_amount),
    ...(order.inspection
      ? {
          inspection: {
            version: order.inspection.version,
            amountDueCents: order.inspection.amount_due_cents,
          },
        }
      : {}),
    answer: order.inspection_answer?.state ?? 'not_needed',
    ...(order.payable_at ? { payableAt: order.payable_at } : {}),
  };
}

/**
 * 'Pay and Complete' from the payouts queue: in one transaction, conditional on the inspection version the row
 * showed and on everything read (status, paid amount, answer), logs the payment of the amount due (PAYMENT
 * entry, payment_log, paid_amount, paid_at), completes the order (STATUS_CHANGE entry, the status index, the
 * completion e-mail's outbox record and EMAIL entry), deletes the payouts row and ADDs the counters (the order
 * counters as a completion does, the day's amount_paid and the days-to-paid histogram). A correction saved
 * meanwhile (another version) answers 409 amountChanged; an order no longer waiting, 409 notPayable.
 */
export async function payOrder(
  orderId: string,
  body: PayOrderRequest,
  by: string | undefined,
  now: () => Date,
): Promise<OrderItem> {
  await changeOrder(orderId, m.payFailed, async (read) => {
    const order = read as ReceivingOrderItem;
    const payable = payableOf(order);
    const problem = payProblem(payable, body.inspectionVersion);
    if (problem) throw new AppError('conflict', m[problem]);
    const inspection = order.inspection!;
    const at = now().toISOString();
    const plan = planPayout(
      {
        ...payable,
        inspection: { version: inspection.version, amountDueCents: inspection.amount_due_cents },
      },
      arrivedAt(order) ?? order.payable_at!,
      at,
    );
    const activity: ActivityEntry[] = [];
    const update = new OrderUpdate(order, at);
    if (plan.payment > 0) {
      const payment: PaymentLogEntry = {
        id: randomUUID(),
        amount: plan.payment,
        method: body.method,
        notes: body.notes,
        timestamp: at,
      };
      activity.push({
        id: randomUUID(),
        type: 'PAYMENT',
        message: `Payment of ${formatMoney(plan.payment)} received via ${paymentMethodLabel(body.method)}`,
        timestamp: at,
        amount: plan.payment,
        method: body.method,
        ...(body.notes ? { details: body.notes } : {}),
        ...(by ? { by } : {}),
      });
      update.append('payment_log', [payment]);
    }
    const statusEntry: ActivityEntry = {
      id: randomUUID(),
      type: 'STATUS_CHANGE',
      message: `Status changed from ${order.status} to ${COMPLETED}`,
      timestamp: at,
      previousStatus: order.status,
      newStatus: COMPLETED,
      ...(by ? { by } : {}),
    };
    activity.push(statusEntry);
    const index = orderEntity.statusIndex(COMPLETED, order.created_at, order.order_id);
    update
      .set('paid_amount', plan.paidAfter)
      .set('payment_method', body.method)
      .set('payment_notes', body.notes)
      .set('paid_at', at)
      .set('status', COMPLETED)
      .set('gsi2pk', index.gsi2pk)
      .set('gsi2sk', index.gsi2sk)
      .remove('payable_at')
      .unchanged('status', order.status)
      .unchanged('paid_amount', order.paid_amount)
      .unchanged('total_amount', order.total_amount)
      .unchanged('paid_at', order.paid_at)
      .unchanged('payable_at', order.payable_at);
    // The inspection the row showed, and the answer read (the schedule or the seller may answer meanwhile).
    update.condition(
      `${update.name('inspection')}.${update.name('version')} = ${update.value(inspection.version)}`,
    );
    const answerState = order.inspection_answer?.state;
    if (answerState === undefined) update.unchanged('inspection_answer', undefined);
    else {
      update.condition(
        `${update.name('inspection_answer')}.${update.name('state')} = ${update.value(answerState)}`,
      );
    }
    const owed = [];
    const email = order.customer?.email;
    const emailProblem = await completionEmailProblem({ ...order, paid_amount: plan.paidAfter });
    if (emailProblem === null) {
      activity.push({
        id: randomUUID(),
        type: 'EMAIL',
        message: `Order completion email sent to ${String(email).trim()}`,
        timestamp: at,
        ...(by ? { by } : {}),
      });
      update.set('email_delivery_status', 'queued').set('email_status_updated_at', at);
      // One e-mail per completion, keyed by its status change entry (as a status change to completed is).
      owed.push(
        outboxPut(outboxRecord('order_completed', order.order_id, new Date(at), { unique: statusEntry.id })),
      );
    } else {
      log('warn', 'order paid without its completion e-mail', { orderId, reason: emailProblem });
    }
    update.append('activity_log', activity);
    const shard = counterShard();
    await commit(update, [
      counterUpdate(counters.orders(shard), 'stats', plan.orders),
      counterUpdate(counters.day(dayOf(at), shard), 'daily-stats', plan.day),
      deleteItem(payoutRow.key(order.payable_at!, order.order_id)),
      ...owed,
    ]);
  });
  return getOrderForStaff(orderId);
}
