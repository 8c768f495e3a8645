import { randomUUID } from 'node:crypto';
import { adminOrderMessages as m } from '../../shared/messages.js';
import type { OrderItem } from '../lib/entities.js';
import { changeOrder, commit, getOrderForStaff, OrderUpdate } from '../lib/order-writes.js';

/** Appends a note (already trimmed and non-empty by the schema); a legacy text value becomes a list first. */
export async function addNote(
  orderId: string,
  content: string,
  by: string | undefined,
  now: () => Date,
): Promise<OrderItem> {
  await changeOrder(orderId, m.noteFailed, async (order) => {
    const at = now().toISOString();
    await commit(
      new OrderUpdate(order, at)
        .append('notes', [{ content, created_at: at, ...(by ? { by } : {}) }])
        .append('activity_log', [
          { id: randomUUID(), type: null, message: 'Note added', timestamp: at, ...(by ? { by } : {}) },
        ]),
    );
  });
  return getOrderForStaff(orderId);
}
