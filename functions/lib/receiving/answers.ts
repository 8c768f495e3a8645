/**
 * The seller's side of an inspection, shared by the public answer route and the schedule that answers for a
 * seller whose window ended: the answer, the payouts queue and the answers-due pointer, in one transaction
 * conditional on the inspection version and the answer still awaited.
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { inspectionMessages as m } from '../../../shared/messages.js';
import { returnedBoxes } from '../../../shared/rules/inspection.js';
import type { AnswerState } from '../../../shared/schemas/inspection.js';
import { db } from '../db.js';
import { AppError } from '../errors.js';
import { changeOrder, OrderUpdate } from '../order-writes.js';
import {
  answerDue,
  deleteItem,
  type PayoutItem,
  payoutRow,
  putItem,
  type StoredInspection,
} from './entities.js';
import { payoutItemFor, type ReceivingOrderItem } from './views.js';

type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

/**
 * The payouts queue's writes for an order that is (still) payable: its row put under the time it first became
 * payable, so a correction keeps its place; the row's content follows the inspection and the answer.
 */
export function enterPayouts(
  update: OrderUpdate,
  order: ReceivingOrderItem,
  inspection: StoredInspection,
  answer: PayoutItem['answer'],
  at: string,
): TransactItem[] {
  const payableAt = order.payable_at ?? at;
  if (!order.payable_at) update.set('payable_at', payableAt);
  const key = payoutRow.key(payableAt, order.order_id);
  return [putItem({ ...payoutItemFor(order, inspection, answer, payableAt, key) })];
}

/** The payouts queue's write for an order that stops being payable (re-inspected, paid): its row deleted. */
export function leavePayouts(update: OrderUpdate, order: ReceivingOrderItem): TransactItem[] {
  if (!order.payable_at) return [];
  update.remove('payable_at');
  return [deleteItem(payoutRow.key(order.payable_at, order.order_id))];
}

export type Answer = 'accept' | 'return' | 'auto';

const ANSWER_STATE: Record<Answer, AnswerState> = {
  accept: 'accepted',
  return: 'return_requested',
  auto: 'auto_accepted',
};

/** Why an order cannot take this answer now, or null. */
export function answerProblem(order: ReceivingOrderItem, answer: Answer, now: Date): string | null {
  const inspection = order.inspection;
  if (!inspection) return m.notInspected;
  const state = order.inspection_answer?.state ?? 'not_needed';
  if (state === 'not_needed') return m.nothingToAnswer;
  if (state !== 'awaiting') return m.alreadyAnswered;
  const dueAt = order.inspection_answer?.due_at;
  const ended = dueAt !== undefined && now.toISOString() >= dueAt;
  if (answer === 'auto') return ended ? null : m.windowOpen;
  if (ended) return m.windowEnded;
  if (answer === 'return' && returnedBoxes(inspection).length === 0) return m.nothingToReturn;
  return null;
}

const ANSWER_MESSAGE: Record<Answer, (inspection: StoredInspection) => string> = {
  accept: () => 'The seller accepted the amount due',
  return: (inspection) =>
    `The seller asked for their items back: ${returnedBoxes(inspection)
      .map((b) => `${b.count} × ${b.name}`)
      .join(', ')}`,
  auto: () => 'The time to answer ended: the amount due is accepted',
};

/** Records the answer; throws a 409 AppError with the reason when the order cannot take it. */
export async function recordAnswer(orderId: string, answer: Answer, now: () => Date): Promise<void> {
  await changeOrder(orderId, m.answerFailed, async (read) => {
    const order = read as ReceivingOrderItem;
    const at = now();
    const problem = answerProblem(order, answer, at);
    if (problem) throw new AppError('conflict', problem);
    const inspection = order.inspection as StoredInspection;
    const iso = at.toISOString();
    const dueAt = order.inspection_answer?.due_at;
    const state = ANSWER_STATE[answer];
    const update = new OrderUpdate(order, iso)
      .set('inspection_answer', { state, ...(dueAt ? { due_at: dueAt } : {}), answered_at: iso })
      .append('activity_log', [
        { id: randomUUID(), type: 'ANSWER', message: ANSWER_MESSAGE[answer](inspection), timestamp: iso },
      ]);
    sameInspection(update, inspection.version, 'awaiting');
    if (answer === 'return') update.set('return_shipment', { state: 'requested', requested_at: iso });
    // The schedule removes the answers-due pointer when it comes to it (a public route deletes nothing).
    const writes = [
      ...enterPayouts(update, order, inspection, state, iso),
      ...(answer === 'auto' && dueAt ? [deleteItem(answerDue.key(dueAt, order.order_id))] : []),
    ];
    await db.send(new TransactWriteCommand({ TransactItems: [{ Update: update.input() }, ...writes] }));
  });
}

/**
 * Only if the inspection is still the version read (and, given, its answer still in that state): a correction
 * or another answer meanwhile loses the race, and the write is tried again from a fresh read.
 */
export function sameInspection(
  update: OrderUpdate,
  version: number | undefined,
  answer?: AnswerState,
): OrderUpdate {
  if (version === undefined) return update.condition('attribute_not_exists(inspection)');
  const inspection = update.name('inspection');
  update.condition(`${inspection}.${update.name('version')} = ${update.value(version)}`);
  if (answer) {
    const a = update.name('inspection_answer');
    update.condition(`${a}.${update.name('state')} = ${update.value(answer)}`);
  }
  return update;
}
