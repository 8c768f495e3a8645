import { randomUUID } from 'node:crypto';
import { DIRECT_DEPOSIT } from '../../shared/constants.js';
import { adminOrderMessages as m } from '../../shared/messages.js';
import { formatMoney } from '../../shared/rules/money.js';
import type { ActivityEntry, OrderStatus, PaymentLogEntry } from '../../shared/schemas/admin-orders.js';
import { counterShard, counters, dayOf, type OrderItem, order as orderEntity } from '../lib/entities.js';
import { completionEmailProblem } from '../lib/order-completion.js';
import { planStatusChange } from '../lib/order-counters.js';
import { storedAmount } from '../lib/order-views.js';
import { changeOrder, commit, counterUpdate, getOrderForStaff, OrderUpdate } from '../lib/order-writes.js';
import { outboxPut, outboxRecord } from '../lib/outbox.js';

export interface StatusResult {
  order: OrderItem;
  completionEmail: { queued: boolean; message: string } | null;
}

/**
 * Any status to any other (spec 001 §4), with its STATUS_CHANGE entry, the byStatus index moved and the
 * counters changed in the same transaction, conditional on the status (and amounts) read. Completing an order
 * with nothing paid marks it paid in full by Direct Deposit. A completion also owes the seller an e-mail: an
 * outbox record in the same transaction (the outbox relay queues it), with its EMAIL entry and the order's
 * e-mail status 'queued'; or, when the e-mail cannot be written (switched off, data missing), the reason.
 */
export async function setOrderStatus(
  orderId: string,
  to: OrderStatus,
  by: string | undefined,
  now: () => Date,
): Promise<StatusResult> {
  const changed = await changeOrder(orderId, m.statusFailed, async (order) => {
    const plan = planStatusChange(
      {
        status: order.status,
        paid_amount: storedAmount(order.paid_amount),
        total_amount: storedAmount(order.total_amount),
      },
      to,
    );
    if (!plan) return null;
    const at = now().toISOString();
    const activity: ActivityEntry[] = [
      {
        id: randomUUID(),
        type: 'STATUS_CHANGE',
        message: `Status changed from ${plan.from} to ${plan.to}`,
        timestamp: at,
        previousStatus: plan.from,
        newStatus: plan.to,
        ...(by ? { by } : {}),
      },
    ];
    const update = new OrderUpdate(order, at)
      .set('status', to)
      .set('gsi2pk', orderEntity.statusIndex(to, order.created_at, order.order_id).gsi2pk)
      .set('gsi2sk', orderEntity.statusIndex(to, order.created_at, order.order_id).gsi2sk)
      .unchanged('status', order.status)
      .unchanged('paid_amount', order.paid_amount)
      .unchanged('total_amount', order.total_amount);
    if (plan.markPaid !== null) {
      const payment: PaymentLogEntry = {
        id: randomUUID(),
        amount: plan.markPaid,
        method: DIRECT_DEPOSIT,
        notes: 'Marked paid in full when the order was completed',
        timestamp: at,
      };
      activity.push({
        id: randomUUID(),
        type: 'PAYMENT',
        message: `Payment of ${formatMoney(plan.markPaid)} recorded via ${DIRECT_DEPOSIT}`,
        timestamp: at,
        amount: plan.markPaid,
        method: DIRECT_DEPOSIT,
        ...(by ? { by } : {}),
      });
      update
        .set('paid_amount', plan.markPaid)
        .set('payment_method', DIRECT_DEPOSIT)
        .set('paid_at', at)
        .append('payment_log', [payment]);
    }
    // A status change leaves the customer as it was: the order just read says whether there is anyone to e-mail.
    const email = (order.customer as { email?: unknown } | undefined)?.email;
    const hasEmail = typeof email === 'string' && email.trim() !== '';
    let completionEmail: StatusResult['completionEmail'] = null;
    const owed = [];
    if (hasEmail && to === 'completed') {
      const problem = await completionEmailProblem({
        ...order,
        paid_amount: plan.markPaid ?? order.paid_amount,
      });
      completionEmail = { queued: problem === null, message: problem ?? m.completionSent };
      if (problem === null) {
        const entry = activity[0];
        activity.push({
          id: randomUUID(),
          type: 'EMAIL',
          message: `Order completion email sent to ${String(email).trim()}`,
          timestamp: at,
          ...(by ? { by } : {}),
        });
        update.set('email_delivery_status', 'queued').set('email_status_updated_at', at);
        // One e-mail per completion: the record is keyed by this status change's entry.
        owed.push(
          outboxPut(outboxRecord('order_completed', order.order_id, new Date(at), { unique: entry.id })),
        );
      }
    }
    update.append('activity_log', activity);
    const shard = counterShard();
    await commit(update, [
      counterUpdate(counters.orders(shard), 'stats', plan.orders),
      counterUpdate(counters.day(dayOf(at), shard), 'daily-stats', { amount_paid: plan.dayPaid }),
      ...owed,
    ]);
    return { completionEmail };
  });

  return { order: await getOrderForStaff(orderId), completionEmail: changed?.completionEmail ?? null };
}
