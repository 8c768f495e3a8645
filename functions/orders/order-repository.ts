import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import { batchGetItems, db, tableName } from '../lib/db.js';
import {
  CHANGE_TOUCH,
  CUSTOMER_REVISION,
  checkoutIdempotency,
  counterShard,
  counters,
  customer,
  dayOf,
  type OrderItem,
  order as orderEntity,
  orderToken,
  type ProductItem,
  product,
} from '../lib/entities.js';
import { outboxPut, outboxRecord } from '../lib/outbox.js';

const IDEMPOTENCY_TTL_SECONDS = 7 * 86400;

export async function getProductsByIds(ids: string[]): Promise<Map<string, ProductItem>> {
  const items = await batchGetItems<ProductItem>(ids.map(product.key));
  return new Map(items.map((item) => [item.id, item]));
}

export async function getOrder(orderId: string): Promise<OrderItem | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: orderEntity.key(orderId), ConsistentRead: true }),
  );
  return (Item as OrderItem | undefined) ?? null;
}

export async function getOrderIdByToken(token: string): Promise<string | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: orderToken.key(token) }));
  return (Item?.order_id as string | undefined) ?? null;
}

export async function getIdempotencyRecord(
  key: string,
): Promise<{ request_hash: string; order_id: string } | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: checkoutIdempotency.key(key), ConsistentRead: true }),
  );
  return (Item as { request_hash: string; order_id: string } | undefined) ?? null;
}

/** Which part of the order transaction refused, so the caller can tell a replay from an id collision. */
export type OrderConflict = 'idempotency' | 'order_id' | 'other';
export class OrderTransactionConflict extends Error {
  constructor(readonly conflict: OrderConflict) {
    super(`Order transaction refused: ${conflict}`);
  }
}

/**
 * One TransactWriteItems: the order, its token pointer, the idempotency record, the customer aggregate, the
 * order counters and the day's counters (one shard of each, at random, so concurrent checkouts seldom touch
 * the same counters item). Either all are written or none.
 */
export async function writeNewOrder(
  order: OrderItem,
  requestHash: string,
  now: Date,
  shard: number = counterShard(),
): Promise<void> {
  const t = tableName();
  const email = order.customer.email.toLowerCase();
  const name = `${order.customer.firstName} ${order.customer.lastName}`;
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Put: {
        TableName: t,
        Item: {
          ...checkoutIdempotency.key(order.idempotency_key),
          entity: 'idempotency',
          request_hash: requestHash,
          order_id: order.order_id,
          [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: t,
        Item: { ...order, ...orderEntity.indexes(order) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: t,
        Item: { ...orderToken.key(order.access_token), entity: 'order-token', order_id: order.order_id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: t,
        Key: customer.key(email),
        UpdateExpression: `SET entity = :entity, #id = :id, email = :email, #name = :name, phone = :phone, address = :address, gsi1pk = :customers, gsi1sk = :lastSort, ${CHANGE_TOUCH}, first_order_date = if_not_exists(first_order_date, :at), last_order_date = :at, created_at = if_not_exists(created_at, :at) ADD total_orders :one, total_amount :amount, ${CUSTOMER_REVISION}`,
        ExpressionAttributeNames: { '#name': 'name', '#id': 'id' },
        ExpressionAttributeValues: {
          ':entity': 'customer',
          ':id': customer.idOf(email),
          ':email': email,
          ':name': name,
          ':phone': order.customer.phone,
          ':address': {
            street: order.shipping_address.address,
            city: order.shipping_address.city,
            state: order.shipping_address.state,
            zip: order.shipping_address.zipCode,
          },
          ':customers': customer.collectionPartition,
          ':lastSort': customer.indexes(order.created_at, email).gsi1sk,
          ...customer.touchValues(email, order.created_at),
          ':one': 1,
          ':amount': order.total_amount,
        },
      },
    },
    {
      Update: {
        TableName: t,
        Key: counters.orders(shard),
        UpdateExpression: 'SET entity = :entity ADD order_count :one, #status :one, total_amount :amount',
        ExpressionAttributeNames: { '#status': `status_${order.status}` },
        ExpressionAttributeValues: { ':entity': 'stats', ':one': 1, ':amount': order.total_amount },
      },
    },
    {
      Update: {
        TableName: t,
        Key: counters.day(dayOf(order.created_at), shard),
        UpdateExpression: 'SET entity = :entity ADD orders_received :one',
        ExpressionAttributeValues: { ':entity': 'daily-stats', ':one': 1 },
      },
    },
    // The confirmation e-mail is owed by this very commit: the outbox relay queues it from the stream.
    outboxPut(outboxRecord('order_confirmation', order.order_id, now)),
  ];
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const reasons = (error as { name?: string; CancellationReasons?: Array<{ Code?: string }> })
      .CancellationReasons;
    if ((error as { name?: string }).name !== 'TransactionCanceledException' || !reasons) throw error;
    if (reasons[0]?.Code === 'ConditionalCheckFailed') throw new OrderTransactionConflict('idempotency');
    if (reasons[1]?.Code === 'ConditionalCheckFailed' || reasons[2]?.Code === 'ConditionalCheckFailed') {
      throw new OrderTransactionConflict('order_id');
    }
    // TransactionConflict: a concurrent transaction touched the same items (e.g. the counters); retryable.
    if (reasons.some((r) => r.Code === 'TransactionConflict')) throw new OrderTransactionConflict('other');
    throw error;
  }
}
