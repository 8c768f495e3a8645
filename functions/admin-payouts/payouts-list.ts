import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { fromCents } from '../../shared/rules/money.js';
import { payoutMethodLabel } from '../../shared/rules/payout.js';
import type { PayoutList, PayoutListQuery, PayoutRow } from '../../shared/schemas/receiving.js';
import { db, tableName } from '../lib/db.js';
import { daysBetween } from '../lib/receiving/counters.js';
import { type PayoutItem, payoutRow } from '../lib/receiving/entities.js';

/** A queue row as the list shows it; the days waited count from the box's arrival to now. */
export function toPayoutRow(item: PayoutItem, now: Date): PayoutRow {
  return {
    orderId: item.order_id,
    customerName: item.customer_name,
    email: item.email,
    quote: fromCents(item.quote_cents),
    amountDue: fromCents(item.amount_due_cents),
    paymentMethod: payoutMethodLabel(item.payment_method),
    readyAt: item.payable_at,
    daysWaited: daysBetween(item.arrived_at, now.toISOString()),
    answer: item.answer,
    inspectionVersion: item.inspection_version,
  };
}

/** Case-insensitive, in the order number, the seller's name and e-mail. */
export const matches = (item: PayoutItem, q: string): boolean =>
  !q || [item.order_id, item.customer_name, item.email].join('\n').toLowerCase().includes(q.toLowerCase());

/** The rows of one page (oldest first) and how many match in all. */
export function pageOf(items: readonly PayoutItem[], query: PayoutListQuery, now: Date): PayoutList {
  const matching = items.filter((item) => matches(item, query.q));
  const start = (query.page - 1) * query.pageSize;
  return {
    rows: matching.slice(start, start + query.pageSize).map((item) => toPayoutRow(item, now)),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The payouts queue, oldest first: one Query of its partition, read to its end. The queue holds only the orders
 * waiting to be paid (a payment deletes the row), a few hundred small items at most, so search and the exact
 * count are worked out in memory.
 */
export async function readPayoutQueue(): Promise<PayoutItem[]> {
  const rows: PayoutItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': payoutRow.partition },
        ScanIndexForward: true,
        ExclusiveStartKey,
      }),
    );
    rows.push(...((page.Items ?? []) as PayoutItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return rows;
}

export async function listPayouts(query: PayoutListQuery, now: Date): Promise<PayoutList> {
  return pageOf(await readPayoutQueue(), query, now);
}
