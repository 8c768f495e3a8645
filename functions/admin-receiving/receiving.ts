/**
 * The packing table: find a box's order by the code on its label (a tracking number's pointer item, or the
 * order number), mark it received, and list the day's boxes.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { receivingMessages as m } from '../../shared/admin-messages.js';
import { scannedCodes } from '../../shared/rules/inspection.js';
import { isOrderId } from '../../shared/rules/order.js';
import type { ReceivedToday, ReceiveResult, ReceivingOrder } from '../../shared/schemas/receiving.js';
import { batchGetItems, db, tableName } from '../lib/db.js';
import { counterShard, counters, order as orderEntity } from '../lib/entities.js';
import { AppError } from '../lib/errors.js';
import { planStatusChange } from '../lib/order-counters.js';
import { changeOrder, counterUpdate, getOrderForStaff, OrderUpdate } from '../lib/order-writes.js';
import { putItem, type ReceivedItem, receivedBox, trackingPointer } from '../lib/receiving/entities.js';
import { type ReceivingOrderItem, toReceivingOrder } from '../lib/receiving/views.js';

/**
 * The order of a scanned or typed code: an order number by its key, a tracking number through its pointer (the
 * USPS barcode's routing prefix stripped). One BatchGetItem of every candidate, then the order.
 */
export async function findByCode(code: string): Promise<ReceivingOrder> {
  const candidates = scannedCodes(code);
  if (!candidates.length) throw new AppError('not_found', m.unknownCode(code.trim()));
  const orderIds = new Set(candidates.filter(isOrderId));
  const pointers = await batchGetItems<{ pk: string; order_id: string }>([
    ...candidates.map((c) => trackingPointer.key(c)),
    ...[...orderIds].map((id) => orderEntity.key(id)),
  ]);
  // An order number wins over a pointer; of pointers, the most specific candidate's.
  const direct = pointers.find((p) => p.pk.startsWith(orderEntity.key('').pk));
  const byTracking = candidates
    .map((c) => pointers.find((p) => p.pk === trackingPointer.key(c).pk))
    .find(Boolean);
  const orderId = direct?.order_id ?? byTracking?.order_id;
  if (!orderId) throw new AppError('not_found', m.unknownCode(code.trim()));
  // A pointer to a deleted order is an unknown code; any other failure is the server's, not the code's.
  const order = await getOrderForStaff(orderId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') {
      throw new AppError('not_found', m.unknownCode(code.trim()));
    }
    throw error;
  });
  return toReceivingOrder(order as ReceivingOrderItem);
}

export async function getReceivingOrder(orderId: string): Promise<ReceivingOrder> {
  return toReceivingOrder((await getOrderForStaff(orderId)) as ReceivingOrderItem);
}

/**
 * 'Mark Received': who and when, status processing (from pending), a RECEIVED activity entry and the day's
 * list, in one transaction conditional on the box not being received yet. Received already: who and when, no
 * write. A cancelled order is refused: the box is set aside and the seller contacted.
 */
export async function receiveOrder(
  orderId: string,
  by: string | undefined,
  now: () => Date,
): Promise<ReceiveResult> {
  const result = await changeOrder(orderId, m.receiveFailed, async (read) => {
    const order = read as ReceivingOrderItem;
    if (order.received_at) return { order, alreadyReceived: true };
    if (order.status === 'cancelled') throw new AppError('conflict', m.cancelledOrder);
    const at = now().toISOString();
    const update = new OrderUpdate(order, at)
      .set('received_at', at)
      .condition('attribute_not_exists(received_at)')
      .unchanged('status', order.status)
      .append('activity_log', [
        { id: randomUUID(), type: 'RECEIVED', message: 'Box received', timestamp: at, ...(by ? { by } : {}) },
      ]);
    if (by) update.set('received_by', by);
    const plan = order.status === 'pending' ? planStatusChange(order, 'processing') : null;
    if (plan) {
      const index = orderEntity.statusIndex('processing', order.created_at, order.order_id);
      update.set('status', 'processing').set('gsi2pk', index.gsi2pk).set('gsi2sk', index.gsi2sk);
    }
    const box: ReceivedItem = {
      ...receivedBox.key(at, order.order_id),
      order_id: order.order_id,
      customer_name: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
      received_at: at,
      ...(by ? { received_by: by } : {}),
    };
    const statusCounters = plan ? counterUpdate(counters.orders(counterShard()), 'stats', plan.orders) : null;
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: update.input() },
          putItem({ ...box }),
          ...(statusCounters ? [statusCounters] : []),
        ],
      }),
    );
    return null;
  });
  if (result) return { order: toReceivingOrder(result.order), alreadyReceived: true };
  return { order: await getReceivingOrder(orderId), alreadyReceived: false };
}

/** Today's boxes (UTC), newest first: one Query of the day's list, one BatchGetItem for whether each is inspected. */
export async function receivedToday(now: () => Date): Promise<ReceivedToday> {
  const day = now().toISOString().slice(0, 10);
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': receivedBox.dayPartition(day) },
      ScanIndexForward: false,
      Limit: 200,
    }),
  );
  const boxes = Items as ReceivedItem[];
  const orders = await batchGetItems<ReceivingOrderItem>(boxes.map((b) => orderEntity.key(b.order_id)));
  const inspected = new Set(orders.filter((o) => o.inspection).map((o) => o.order_id));
  return {
    boxes: boxes.map((b) => ({
      orderId: b.order_id,
      customerName: b.customer_name,
      receivedAt: b.received_at,
      ...(b.received_by ? { receivedBy: b.received_by } : {}),
      inspected: inspected.has(b.order_id),
    })),
  };
}
