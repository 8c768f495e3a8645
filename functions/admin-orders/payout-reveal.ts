import { randomUUID } from 'node:crypto';
import { adminOrderMessages as m } from '../../shared/messages.js';
import type { OrderItem } from '../lib/entities.js';
import { changeOrder, commit, getOrderForStaff, OrderUpdate } from '../lib/order-writes.js';
import type { PayoutOpener } from '../lib/payout-crypto.js';

/**
 * The payout details in full, for staff. They are decrypted first, then the reveal is written to the activity
 * log (who, when), and only once that write has landed are they answered: no reveal goes unlogged, and a
 * failed decryption logs nothing. A legacy plaintext order is read as it is, and its reveal is logged alike.
 */
export async function revealPayoutDetails(
  orderId: string,
  by: string | undefined,
  crypto: PayoutOpener,
  now: () => Date,
): Promise<{ details: Record<string, string>; order: OrderItem }> {
  const details = await changeOrder(orderId, m.revealFailed, async (order) => {
    const revealed = await crypto.decrypt(order.order_id, order.payment_details);
    const at = now().toISOString();
    await commit(
      new OrderUpdate(order, at).append('activity_log', [
        {
          id: randomUUID(),
          type: 'PAYOUT_REVEAL',
          message: m.payoutReveal,
          timestamp: at,
          ...(by ? { by } : {}),
        },
      ]),
    );
    return revealed;
  });
  return { details, order: await getOrderForStaff(orderId) };
}
