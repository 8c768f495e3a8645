import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '../../shared/runtime-env.js';
import type { TimelineEntry } from '../../shared/schemas/order.js';
import { db, tableName } from '../lib/db.js';
import { type ProductItem, productKey } from '../products/product-repository.js';

/** The stored order (spec 000 §3 / 001 §3 names). Keys: pk ORDER#<orderId>, sk ORDER (docs/data-model.md). */
export interface OrderItem {
  pk: string;
  sk: 'ORDER';
  entity: 'order';
  order_id: string;
  order_number: string;
  customer_id: string;
  status: string;
  shipment_status: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  products: Array<{ productId: string; quantity: number; price: number; product: { name: string } }>;
  total_amount: number;
  paid_amount: number;
  payment_method: string;
  payment_details: Record<string, string>;
  shipping_address: { address: string; city: string; state: string; zipCode: string };
  access_token: string;
  attestation: { accepted: true; accepted_at: string };
  payment_log: Array<{ id?: string; amount?: number; method?: string; notes?: string; timestamp: string }>;
  notes: unknown;
  images: unknown;
  activity_log: unknown[];
  /** Label events and carrier scans, oldest first (functions/labels). */
  shipping_timeline?: TimelineEntry[];
  shipping_label_url?: string;
  qr_code_url?: string;
  label_broker_id?: string;
  tracking_number?: string | null;
  label_error?: string;
  created_at: string;
  updated_at: string;
  idempotency_key: string;
}

export const orderKey = (orderId: string) => ({ pk: `ORDER#${orderId}`, sk: 'ORDER' as const });
export const tokenKey = (token: string) => ({ pk: `TOKEN#${token}`, sk: 'TOKEN' });
export const idempotencyKey = (key: string) => ({ pk: `IDEMPOTENCY#${key}`, sk: 'IDEMPOTENCY' });
export const customerKey = (email: string) => ({ pk: `CUSTOMER#${email.toLowerCase()}`, sk: 'PROFILE' });
export const ORDER_STATS_KEY = { pk: 'STATS', sk: 'ORDERS' };
const IDEMPOTENCY_TTL_SECONDS = 7 * 86400;

export async function getProductsByIds(ids: string[]): Promise<Map<string, ProductItem>> {
  const found = new Map<string, ProductItem>();
  let keys = ids.map(productKey);
  // BatchGet may return unprocessed keys under load: ask again for those until none remain.
  for (let attempt = 0; keys.length && attempt < 5; attempt++) {
    const result = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }),
    );
    for (const item of result.Responses?.[tableName()] ?? [])
      found.set(item.id as string, item as ProductItem);
    keys = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as typeof keys;
  }
  return found;
}

export async function getOrder(orderId: string): Promise<OrderItem | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: orderKey(orderId), ConsistentRead: true }),
  );
  return (Item as OrderItem | undefined) ?? null;
}

export async function getOrderIdByToken(token: string): Promise<string | null> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: tokenKey(token) }));
  return (Item?.order_id as string | undefined) ?? null;
}

export async function getIdempotencyRecord(
  key: string,
): Promise<{ request_hash: string; order_id: string } | null> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: idempotencyKey(key), ConsistentRead: true }),
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
 * One TransactWriteItems: the order, its token pointer, the idempotency record, the customer aggregate and the
 * order counters. Either all are written or none.
 */
export async function writeNewOrder(order: OrderItem, requestHash: string, now: Date): Promise<void> {
  const t = tableName();
  const email = order.customer.email.toLowerCase();
  const name = `${order.customer.firstName} ${order.customer.lastName}`;
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Put: {
        TableName: t,
        Item: {
          ...idempotencyKey(order.idempotency_key),
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
        Item: {
          ...order,
          gsi1pk: 'ORDERS',
          gsi1sk: `${order.created_at}#${order.order_id}`,
          gsi2pk: `ORDERSTATUS#${order.status}`,
          gsi2sk: `${order.created_at}#${order.order_id}`,
          gsi3pk: `CUSTOMER#${email}`,
          gsi3sk: order.created_at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: t,
        Item: { ...tokenKey(order.access_token), entity: 'order-token', order_id: order.order_id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: t,
        Key: customerKey(email),
        UpdateExpression:
          'SET entity = :entity, email = :email, #name = :name, phone = :phone, address = :address, gsi1pk = :customers, gsi1sk = :lastSort, first_order_date = if_not_exists(first_order_date, :at), last_order_date = :at, updated_at = :at, created_at = if_not_exists(created_at, :at) ADD total_orders :one, total_amount :amount',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':entity': 'customer',
          ':email': email,
          ':name': name,
          ':phone': order.customer.phone,
          ':address': {
            street: order.shipping_address.address,
            city: order.shipping_address.city,
            state: order.shipping_address.state,
            zip: order.shipping_address.zipCode,
          },
          ':customers': 'CUSTOMERS',
          ':lastSort': `${order.created_at}#${email}`,
          ':at': order.created_at,
          ':one': 1,
          ':amount': order.total_amount,
        },
      },
    },
    {
      Update: {
        TableName: t,
        Key: ORDER_STATS_KEY,
        UpdateExpression: 'SET entity = :entity ADD order_count :one, #status :one, total_amount :amount',
        ExpressionAttributeNames: { '#status': `status_${order.status}` },
        ExpressionAttributeValues: { ':entity': 'stats', ':one': 1, ':amount': order.total_amount },
      },
    },
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
