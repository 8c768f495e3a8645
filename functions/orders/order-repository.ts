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
  type SettingsItem,
  settings,
} from '../lib/entities.js';
import { outboxPut, outboxRecord } from '../lib/outbox.js';

const IDEMPOTENCY_TTL_SECONDS = 7 * 86400;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export async function getOrder(orderId: string): Promise<OrderItem | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: orderEntity.key(orderId), ConsistentRead: true }),
  );
  return (Item as OrderItem | undefined) ?? null;
}

export interface IdempotencyRecord {
  request_hash: string;
  order_id: string;
}

export async function getIdempotencyRecord(key: string): Promise<IdempotencyRecord | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: checkoutIdempotency.key(key), ConsistentRead: true }),
  );
  return (Item as IdempotencyRecord | undefined) ?? null;
}

/** What checkout reads before it writes, in one BatchGetItem: an earlier answer to its key, the settings, the products. */
export interface CheckoutReads {
  earlier: IdempotencyRecord | null;
  settings: SettingsItem | null;
  products: Map<string, ProductItem>;
}

export async function readForCheckout(key: string, productIds: string[]): Promise<CheckoutReads> {
  const idempotencyKey = checkoutIdempotency.key(key);
  const settingsKey = settings.key();
  const items = await batchGetItems<Record<string, unknown>>([
    idempotencyKey,
    settingsKey,
    ...productIds.map(product.key),
  ]);
  const find = (k: { pk: string; sk: string }) => items.find((i) => i.pk === k.pk && i.sk === k.sk);
  const products = items.filter((i) => i.sk === product.key('').sk) as unknown as ProductItem[];
  return {
    earlier: (find(idempotencyKey) as IdempotencyRecord | undefined) ?? null,
    settings: (find(settingsKey) as SettingsItem | undefined) ?? null,
    products: new Map(products.map((p) => [p.id, p])),
  };
}

/** Which part of the order transaction refused, so the caller can tell a replay from an id collision. */
export type OrderConflict = 'idempotency' | 'order_id' | 'slots' | 'other';
export class OrderTransactionConflict extends Error {
  constructor(
    readonly conflict: OrderConflict,
    /** The cancellation reasons of the caller's own writes (`extra`), in their order. */
    readonly extraReasons: Array<{ Code?: string } | undefined> = [],
  ) {
    super(`Order transaction refused: ${conflict}`);
  }
}

/**
 * One TransactWriteItems: the order, its token pointer, the idempotency record, the customer aggregate, the
 * order counters and the day's counters (one shard of each, at random, so concurrent checkouts seldom touch
 * the same counters item), the confirmation's outbox record, and the caller's `extra` writes (checkout's
 * limit slots). Either all are written or none.
 */
export async function writeNewOrder(
  order: OrderItem,
  requestHash: string,
  now: Date,
  { shard = counterShard(), extra = [] }: { shard?: number; extra?: TransactItem[] } = {},
): Promise<void> {
  const t = tableName();
  const email = order.customer.email.toLowerCase();
  const name = `${order.customer.firstName} ${order.customer.lastName}`;
  const items: TransactItem[] = [
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
  const own = items.length;
  items.push(...extra);
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
    const extraReasons = reasons.slice(own);
    if (extraReasons.some((r) => r?.Code === 'ConditionalCheckFailed')) {
      throw new OrderTransactionConflict('slots', extraReasons);
    }
    // TransactionConflict: a concurrent transaction touched the same items (e.g. the counters); retryable.
    if (reasons.some((r) => r.Code === 'TransactionConflict')) throw new OrderTransactionConflict('other');
    throw error;
  }
}
