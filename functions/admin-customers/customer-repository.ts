import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adminCustomerMessages as m } from '../../shared/messages.js';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import type { AdminCustomerDetail, UpdateCustomerRequest } from '../../shared/schemas/admin-customer.js';
import { readChangesSince } from '../lib/change-cache.js';
import { db, tableName } from '../lib/db.js';
import { CHANGE_TOUCH, CUSTOMER_REVISION, type CustomerItem, customer } from '../lib/entities.js';
import { notFound } from '../lib/errors.js';
import { record, storedAmount } from '../lib/order-views.js';
import { toCustomerEntry } from './customer-list.js';

/** The detail shows this many of the customer's orders, newest first (spec 001 §7). */
export const RECENT_ORDERS = 5;

/** Every customer, or those changed after `since`, oldest change first (the changes index; never a Scan). */
export const readCustomersSince = (since: string | null) =>
  readChangesSince<CustomerItem>(customer.changesPartition, since);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The stored record as the API shows it; the address may be JSON text (spec 001 §3) or a map. */
function toDetail(
  item: CustomerItem,
  recentOrders: AdminCustomerDetail['recentOrders'],
): AdminCustomerDetail {
  const address = record(item.address);
  return {
    ...toCustomerEntry(item).row,
    address: {
      street: text(address.street),
      city: text(address.city),
      state: text(address.state),
      zip: text(address.zip),
    },
    createdAt: item.created_at ?? null,
    updatedAt: item.updated_at ?? null,
    recentOrders,
  };
}

/**
 * The customer's latest orders from the byCustomer index, newest first. Soft-deleted orders are dropped, so a
 * few more are read than shown.
 */
async function recentOrdersOf(id: string): Promise<AdminCustomerDetail['recentOrders']> {
  const index = TABLE_INDEXES.byCustomer;
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: {
        '#pk': index.pk,
        '#status': 'status',
      },
      ExpressionAttributeValues: { ':pk': customer.keyById(id).pk },
      ProjectionExpression: 'order_id, created_at, total_amount, paid_amount, #status, deleted_at',
      ScanIndexForward: false,
      Limit: RECENT_ORDERS * 2,
    }),
  );
  return Items.filter((o) => !o.deleted_at && typeof o.order_id === 'string')
    .slice(0, RECENT_ORDERS)
    .map((o) => ({
      orderId: o.order_id,
      createdAt: text(o.created_at),
      total: storedAmount(o.total_amount),
      paidAmount: storedAmount(o.paid_amount),
      status: text(o.status) || 'pending',
    }));
}

export async function getCustomerDetail(id: string): Promise<AdminCustomerDetail> {
  const [found, orders] = await Promise.all([
    db.send(new GetCommand({ TableName: tableName(), Key: customer.keyById(id) })),
    recentOrdersOf(id),
  ]);
  if (!found.Item) throw notFound(m.notFound);
  return toDetail(found.Item as CustomerItem, orders);
}

/**
 * Staff edit name, phone and address, only of a customer that exists; the aggregates are checkout's and stay
 * as they are. The write stamps the change time and the revision, so the list's cache picks it up.
 */
export async function updateCustomer(
  id: string,
  changes: UpdateCustomerRequest,
  now: Date,
): Promise<AdminCustomerDetail> {
  const at = now.toISOString();
  let updated: CustomerItem;
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: customer.keyById(id),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: `SET #name = :name, phone = :phone, address = :address, ${CHANGE_TOUCH} ADD ${CUSTOMER_REVISION}`,
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': changes.name,
          ':phone': changes.phone,
          ':address': changes.address,
          ...customer.touchValuesById(id, at),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    updated = result.Attributes as CustomerItem;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') throw notFound(m.notFound);
    throw error;
  }
  return toDetail(updated, await recentOrdersOf(id));
}
