import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ORDER_LINK_LIFETIME_DAYS } from '../../shared/constants.js';
import { orderMessages } from '../../shared/messages.js';
import { isOrderLinkExpired } from '../../shared/rules/order.js';
import { isAccessToken } from '../../shared/schemas/order.js';
import { db, tableName } from './db.js';
import { type OrderItem, orderToken } from './entities.js';
import { AppError } from './errors.js';

/** The order id a secret link token points to (its pointer item, written in the order transaction). */
export async function getOrderIdByToken(token: string): Promise<string | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: orderToken.key(token) }));
  return (Item?.order_id as string | undefined) ?? null;
}

/** The order a secret link token opens: 400 when malformed, 404 when unknown. */
export async function orderIdForToken(token: string): Promise<string> {
  if (!isAccessToken(token)) throw new AppError('validation', orderMessages.invalidToken);
  const orderId = await getOrderIdByToken(token.toLowerCase());
  if (!orderId) throw new AppError('not_found', orderMessages.notFound);
  return orderId;
}

/**
 * A link opens its order for 45 days (spec 000 §9); after that, 410, unless the seller still has an inspection to
 * answer: the link is how they answer, so it stays open until they have.
 */
export function assertLinkLive(order: OrderItem | null, now: Date): asserts order is OrderItem {
  if (!order) throw new AppError('not_found', orderMessages.notFound);
  const answering =
    (order as { inspection_answer?: { state?: string } }).inspection_answer?.state === 'awaiting';
  if (!answering && isOrderLinkExpired(order.created_at, now, ORDER_LINK_LIFETIME_DAYS)) {
    throw new AppError('gone', orderMessages.expired);
  }
}
