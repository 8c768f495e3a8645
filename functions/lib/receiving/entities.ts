/**
 * What receiving and grading store (docs/data-model.md, "Receiving and grading"): on the order, who received the
 * box and when, its inspection (every version also in the activity log), the seller's answer and a return; beside
 * it, pointer items that make each back-office question one Query or GetItem: a tracking number's order, a day's
 * received boxes, the answers due by when, and the payouts queue with its rows.
 */
import type { GradedLine } from '../../../shared/rules/inspection.js';
import type { AnswerState } from '../../../shared/schemas/inspection.js';
import { TABLE_PARTITIONS as P } from '../../../shared/table-keys.js';
import { tableName } from '../db.js';

/** The order's inspection: amounts in cents, computed by the server from the lines. */
export interface StoredInspection {
  /** 1 for the first save, one more for each correction: the next save is conditional on it. */
  version: number;
  lines: GradedLine[];
  extras: GradedLine[];
  /** The original quote (the order's total at checkout) and what the accepted boxes earn. */
  quote_cents: number;
  amount_due_cents: number;
  inspected_at: string;
  inspected_by?: string;
}

export interface StoredAnswer {
  state: AnswerState;
  /** Until when the seller may answer (awaiting); the schedule accepts for them then. */
  due_at?: string;
  answered_at?: string;
}

export interface StoredReturn {
  state: 'requested' | 'label_bought';
  requested_at: string;
  label_url?: string;
  tracking_number?: string;
  bought_at?: string;
  bought_by?: string;
  /** While a staff member's 'Buy Return Label' is buying (a lease: a second click waits or finds it bought). */
  buying_until?: string;
}

/** The receiving attributes of an order item (functions/lib/entities.ts OrderItem holds the rest). */
export interface ReceivingFields {
  received_at?: string;
  received_by?: string;
  inspection?: StoredInspection;
  inspection_answer?: StoredAnswer;
  return_shipment?: StoredReturn;
  /** Since when the order waits in the payouts queue (the sort key of its row there). */
  payable_at?: string;
}

/** A carrier tracking number's order: written with the label, read by the packing table's scan. */
export const trackingPointer = {
  key: (trackingNumber: string) => ({
    pk: `${P.tracking}${trackingNumber.toUpperCase()}`,
    sk: 'TRACKING' as const,
  }),
};

/** One received box in its day's list. */
export interface ReceivedItem {
  pk: string;
  sk: string;
  order_id: string;
  customer_name: string;
  received_at: string;
  received_by?: string;
}

export const receivedBox = {
  key: (receivedAt: string, orderId: string) => ({
    pk: `${P.received}${receivedAt.slice(0, 10)}`,
    sk: `${receivedAt}#${orderId}`,
  }),
  dayPartition: (day: string) => `${P.received}${day}`,
};

/** An inspection waiting for the seller's answer, sorted by when its window ends. */
export const answerDue = {
  key: (dueAt: string, orderId: string) => ({ pk: P.answersDue, sk: `${dueAt}#${orderId}` }),
  partition: P.answersDue,
};

/** One row of the payouts queue: what the list shows, kept in step with the order by the same writes. */
export interface PayoutItem {
  pk: string;
  sk: string;
  order_id: string;
  customer_name: string;
  email: string;
  quote_cents: number;
  amount_due_cents: number;
  payment_method: string;
  payable_at: string;
  /** The carrier's delivery, else the box's receipt: where the days waited count from. */
  arrived_at: string;
  answer: AnswerState;
  inspection_version: number;
}

export const payoutRow = {
  key: (payableAt: string, orderId: string) => ({ pk: P.payouts, sk: `${payableAt}#${orderId}` }),
  partition: P.payouts,
};

type Key = { pk: string; sk: string };

/** The Put of a pointer or row inside a TransactWriteItems. */
export const putItem = (item: Key & Record<string, unknown>) => ({
  Put: { TableName: tableName(), Item: item },
});

/** The Delete of a pointer or row inside a TransactWriteItems (absent is fine: it was already gone). */
export const deleteItem = (key: Key) => ({ Delete: { TableName: tableName(), Key: key } });
