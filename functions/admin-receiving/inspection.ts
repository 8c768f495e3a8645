/**
 * Saving an inspection: what arrived of each ordered product and of products not on the order, graded box by
 * box. The server prices every line (the order's price, the catalogue's of today for an extra, the staff's for a
 * reduction) and computes the amount due in cents; the browser never sends an amount.
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { receivingMessages as m } from '../../shared/admin-messages.js';
import {
  amountDueCents,
  countProblem,
  type GradedLine,
  type GradedLines,
  needsAnswer,
  REJECTION_REASON_LABELS,
  reducedCount,
} from '../../shared/rules/inspection.js';
import { formatMoney, fromCents, toCents } from '../../shared/rules/money.js';
import { readSettings } from '../../shared/rules/settings.js';
import type { GradedLineInput, SaveInspectionRequest } from '../../shared/schemas/receiving.js';
import { batchGetItems, db } from '../lib/db.js';
import {
  counterShard,
  counters,
  dayOf,
  type ProductItem,
  product as productEntity,
  settings as settingsEntity,
} from '../lib/entities.js';
import { AppError, validationError } from '../lib/errors.js';
import { orderLines, storedImages } from '../lib/order-views.js';
import { changeOrder, counterUpdate, OrderUpdate } from '../lib/order-writes.js';
import { outboxPut, outboxRecord } from '../lib/outbox.js';
import { enterPayouts, leavePayouts, sameInspection } from '../lib/receiving/answers.js';
import { inspectionDeltas } from '../lib/receiving/counters.js';
import {
  answerDue,
  deleteItem,
  putItem,
  type StoredAnswer,
  type StoredInspection,
} from '../lib/receiving/entities.js';
import type { ReceivingOrderItem } from '../lib/receiving/views.js';

/** Why an order cannot be inspected now, or null. */
function inspectProblem(order: ReceivingOrderItem, version: number): AppError | null {
  if (order.status === 'cancelled') return new AppError('conflict', m.cancelled);
  if (!order.received_at) return new AppError('conflict', m.notReceived);
  if (order.paid_at || order.status === 'completed') return new AppError('conflict', m.alreadyPaid);
  if ((order.inspection?.version ?? 0) !== version) return new AppError('conflict', m.changedMeanwhile);
  return null;
}

const graded = (input: GradedLineInput, name: string, priceCents: number): GradedLine => ({
  productId: input.productId,
  name,
  priceCents,
  received: input.received,
  accepted: input.accepted,
  reductions: input.reductions.map((r) => ({
    count: r.count,
    priceCents: toCents(r.price),
    reason: r.reason,
  })),
  rejections: input.rejections.map((r) => ({ count: r.count, reason: r.reason })),
  ...(input.note ? { note: input.note } : {}),
  photos: [...new Set(input.photos)],
});

/**
 * The body's lines priced and checked against the order: every ordered product once, extras from the catalogue
 * (each once), counts that add up, reduced prices below the full price, photos of this order. One bad line
 * refuses the whole save with a message that names it.
 */
export function gradeLines(
  order: ReceivingOrderItem,
  body: SaveInspectionRequest,
  catalogue: ReadonlyMap<string, ProductItem>,
): GradedLines {
  const ordered = orderLines(order.products);
  const byProduct = new Map(body.lines.map((l) => [l.productId, l]));
  if (byProduct.size !== body.lines.length) throw validationError(m.duplicateLine);
  for (const line of body.lines) {
    if (!ordered.some((o) => o.productId === line.productId)) throw validationError(m.lineUnknown);
  }
  if (new Set(body.extras.map((l) => l.productId)).size !== body.extras.length) {
    throw validationError(m.duplicateLine);
  }
  const lines = ordered.map((o) => {
    const input = byProduct.get(o.productId);
    if (!input) throw validationError(m.lineMissing(o.name));
    const line = graded(input, o.name, toCents(o.price));
    const problem = countProblem(line, o.quantity);
    if (problem === 'sum') throw validationError(m.countsDontAddUp(o.name));
    if (problem === 'overOrdered') throw validationError(m.overOrdered(o.name));
    return line;
  });
  const extras = body.extras.map((input) => {
    const item = catalogue.get(input.productId);
    if (!item) throw validationError(m.productUnknown);
    const line = graded(input, item.name, toCents(item.buybackprice));
    if (countProblem(line)) throw validationError(m.countsDontAddUp(item.name));
    return line;
  });
  const photos = new Set(storedImages(order.images, order.updated_at).map((i) => i.id));
  for (const line of [...lines, ...extras]) {
    if (line.reductions.some((r) => r.priceCents >= line.priceCents)) {
      throw validationError(m.reducedPriceTooHigh(line.name));
    }
    if (line.photos.some((id) => !photos.has(id))) throw validationError(m.photoUnknown);
  }
  return { lines, extras };
}

/** One line of the activity entry's text: what became of a product's boxes. */
function lineSummary(line: GradedLine): string {
  const parts = [`${line.accepted} accepted`];
  for (const r of line.reductions)
    parts.push(`${r.count} at ${formatMoney(fromCents(r.priceCents))} (${r.reason})`);
  for (const r of line.rejections) parts.push(`${r.count} rejected (${REJECTION_REASON_LABELS[r.reason]})`);
  return `${line.name}: ${line.received} received, ${parts.join(', ')}`;
}

const DAY_MS = 86_400_000;

/**
 * Saves the inspection: one transaction conditional on the version the form loaded, with the answer window (or
 * the payouts queue when nothing needs an answer), the day's counters (the difference from the version it
 * replaces), an INSPECTION activity entry holding the whole version, and the seller's e-mail (outbox).
 */
export async function saveInspection(
  orderId: string,
  body: SaveInspectionRequest,
  by: string | undefined,
  now: () => Date,
): Promise<void> {
  const extraIds = [...new Set(body.extras.map((l) => l.productId))];
  const reads = await batchGetItems<Record<string, unknown>>([
    settingsEntity.key(),
    ...extraIds.map((id) => productEntity.key(id)),
  ]);
  const catalogue = new Map(
    reads.filter((r) => r.entity === 'product').map((p) => [String(p.id), p as unknown as ProductItem]),
  );
  const answerDays = readSettings(
    reads.find((r) => r.pk === settingsEntity.key().pk) ?? null,
  ).inspection_answer_days;

  await changeOrder(orderId, m.inspectionFailed, async (read) => {
    const order = read as ReceivingOrderItem;
    const problem = inspectProblem(order, body.version);
    if (problem) throw problem;
    const graded = gradeLines(order, body, catalogue);
    const at = now();
    const iso = at.toISOString();
    const previous = order.inspection;
    const inspection: StoredInspection = {
      version: body.version + 1,
      ...graded,
      quote_cents: toCents(order.total_amount),
      amount_due_cents: amountDueCents(graded),
      inspected_at: iso,
      ...(by ? { inspected_by: by } : {}),
    };
    // A correction asks the seller again: the amount may have changed.
    const answer: StoredAnswer = needsAnswer(graded)
      ? { state: 'awaiting', due_at: new Date(at.getTime() + answerDays * DAY_MS).toISOString() }
      : { state: 'not_needed' };
    const update = new OrderUpdate(order, iso).set('inspection', inspection).set('inspection_answer', answer);
    sameInspection(update, previous?.version).condition('attribute_not_exists(paid_at)');
    if (order.return_shipment?.state === 'requested') update.remove('return_shipment');
    const boxes = [...graded.lines, ...graded.extras];
    const accepted = boxes.reduce((s, l) => s + l.accepted + reducedCount(l), 0);
    const received = boxes.reduce((s, l) => s + l.received, 0);
    update.append('activity_log', [
      {
        id: randomUUID(),
        type: 'INSPECTION',
        message:
          `Inspection ${previous ? `corrected (version ${inspection.version})` : 'saved'}: ` +
          `${accepted} of ${received} boxes accepted; amount due ${formatMoney(fromCents(inspection.amount_due_cents))} ` +
          `(quote ${formatMoney(fromCents(inspection.quote_cents))})`,
        details: boxes.map(lineSummary).join('\n'),
        timestamp: iso,
        ...(by ? { by } : {}),
        // Every version is kept whole here; the order holds the latest.
        inspection,
      },
    ]);
    const oldDue = order.inspection_answer?.state === 'awaiting' ? order.inspection_answer.due_at : undefined;
    const writes = [
      ...(oldDue ? [deleteItem(answerDue.key(oldDue, order.order_id))] : []),
      ...(answer.state === 'awaiting' && answer.due_at
        ? [putItem({ ...answerDue.key(answer.due_at, order.order_id), order_id: order.order_id })]
        : []),
      ...(answer.state === 'not_needed'
        ? enterPayouts(update, order, inspection, 'not_needed', iso)
        : leavePayouts(update, order)),
      counterUpdate(
        counters.day(dayOf(iso), counterShard()),
        'daily-stats',
        inspectionDeltas(previous, graded),
      ),
      outboxPut(outboxRecord('order_inspected', order.order_id, at, { unique: inspection.version })),
    ].filter((w) => w !== null);
    await db.send(new TransactWriteCommand({ TransactItems: [{ Update: update.input() }, ...writes] }));
  });
}
