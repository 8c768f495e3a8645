import { receivingMessages as m } from '@shared/admin-messages';
import { countProblem, type GradedLine, type RejectionReason } from '@shared/rules/inspection';
import { toCents } from '@shared/rules/money';
import type { InspectionLineView } from '@shared/schemas/inspection';
import {
  type GradedLineInput,
  type ReceivingOrder,
  type SaveInspectionRequest,
  ZSaveInspectionRequest,
} from '@shared/schemas/receiving';

/**
 * The inspection form's pure parts: the values it starts from (the saved inspection, else every box received
 * and accepted), the request it sends (counts and prices as numbers, never an amount), and the checks that
 * mirror the server's (its schema, and counts that add up) so staff see a problem beside its field before
 * saving. The server checks it all again and decides.
 */

export interface ReductionForm {
  count: string;
  price: string;
  reason: string;
}

export interface RejectionForm {
  count: string;
  reason: RejectionReason | '';
}

export interface LineForm {
  productId: string;
  /** The product's name, and the boxes ordered (none for an item not on the order). */
  name: string;
  ordered: number | null;
  /** The full price per box in dollars: the order's, or the catalogue's for an extra. */
  price: number;
  received: string;
  accepted: string;
  reductions: ReductionForm[];
  rejections: RejectionForm[];
  note: string;
  photos: string[];
}

export interface InspectionForm {
  lines: LineForm[];
  extras: LineForm[];
}

const text = (n: number) => String(n);

function fromSaved(base: Omit<LineForm, keyof GradedFields>, saved: InspectionLineView): LineForm {
  return {
    ...base,
    received: text(saved.received),
    accepted: text(saved.accepted),
    reductions: saved.reductions.map((r) => ({
      count: text(r.count),
      price: r.price.toFixed(2),
      reason: r.reason,
    })),
    rejections: saved.rejections.map((r) => ({ count: text(r.count), reason: r.reason })),
    note: saved.note ?? '',
    photos: saved.photos.map((p) => p.id),
  };
}

type GradedFields = Pick<LineForm, 'received' | 'accepted' | 'reductions' | 'rejections' | 'note' | 'photos'>;

/** The form as the order stands: its saved inspection, else each ordered line received and accepted in full. */
export function initialInspectionForm(order: ReceivingOrder): InspectionForm {
  const saved = new Map((order.inspection?.lines ?? []).map((line) => [line.productId, line]));
  const lines = order.items.map((item) => {
    const base = { productId: item.productId, name: item.name, ordered: item.quantity, price: item.price };
    const line = saved.get(item.productId);
    if (line) return fromSaved(base, line);
    return {
      ...base,
      received: text(item.quantity),
      accepted: text(item.quantity),
      reductions: [],
      rejections: [],
      note: '',
      photos: [],
    };
  });
  const extras = (order.inspection?.extras ?? []).map((line) =>
    fromSaved({ productId: line.productId, name: line.name, ordered: null, price: line.price }, line),
  );
  return { lines, extras };
}

/** A new row of 'items not on the order': one box received and accepted, its product still to choose. */
export const blankExtra = (): LineForm => ({
  productId: '',
  name: '',
  ordered: null,
  price: 0,
  received: '1',
  accepted: '1',
  reductions: [],
  rejections: [],
  note: '',
  photos: [],
});

/** A typed count or price as a number: empty or unreadable is NaN, which the schema refuses with its message. */
const num = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));

function toLineInput(line: LineForm): GradedLineInput {
  return {
    productId: line.productId,
    received: num(line.received),
    accepted: num(line.accepted),
    reductions: line.reductions.map((r) => ({ count: num(r.count), price: num(r.price), reason: r.reason })),
    rejections: line.rejections.map((r) => ({ count: num(r.count), reason: r.reason as RejectionReason })),
    note: line.note.trim() === '' ? undefined : line.note,
    photos: line.photos,
  };
}

/** The request the form sends: `version` is the inspection it was loaded with (0 for none). */
export const toSaveRequest = (form: InspectionForm, version: number): SaveInspectionRequest => ({
  version,
  lines: form.lines.map(toLineInput),
  extras: form.extras.map(toLineInput),
});

const asGraded = (line: LineForm): GradedLine | null => {
  const input = toLineInput(line);
  const counts = [
    input.received,
    input.accepted,
    ...input.reductions.map((r) => r.count),
    ...input.rejections.map((r) => r.count),
  ];
  if (!counts.every((n) => Number.isInteger(n) && n >= 0)) return null;
  return {
    productId: line.productId,
    name: line.name,
    priceCents: toCents(line.price),
    received: input.received,
    accepted: input.accepted,
    reductions: input.reductions.map((r) => ({ ...r, priceCents: toCents(r.price) })),
    rejections: input.rejections,
    photos: [],
  };
};

/** Form paths ('lines.0.reductions.1.price') and their messages: empty when the form may be sent. */
export type InspectionProblems = Record<string, string>;

/**
 * What the server would refuse, found in the browser: the schema's messages at their fields; then, per line
 * whose counts read as whole numbers, counts that do not add up (at its boxes received), more boxes accepted
 * than ordered (at its accepted), a reduced price not below the full price (at that price), and an extra
 * listed twice.
 */
export function inspectionProblems(form: InspectionForm): InspectionProblems {
  const problems: InspectionProblems = {};
  const put = (path: string, message: string) => {
    if (!(path in problems)) problems[path] = message;
  };
  const parsed = ZSaveInspectionRequest.safeParse(toSaveRequest(form, 0));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) put(issue.path.map(String).join('.'), issue.message);
  }
  const check = (group: 'lines' | 'extras', line: LineForm, index: number) => {
    const at = `${group}.${index}`;
    const graded = asGraded(line);
    if (graded) {
      const problem = countProblem(graded, line.ordered ?? undefined);
      const name = line.name || m.extraProduct;
      if (problem === 'sum') put(`${at}.received`, m.countsDontAddUp(name));
      if (problem === 'overOrdered') put(`${at}.accepted`, m.overOrdered(name));
    }
    line.reductions.forEach((r, j) => {
      const price = num(r.price);
      if (line.price > 0 && Number.isFinite(price) && toCents(price) >= toCents(line.price))
        put(`${at}.reductions.${j}.price`, m.reducedPriceTooHigh(line.name));
    });
  };
  for (const [i, line] of form.lines.entries()) check('lines', line, i);
  // An ordered product may come back as an extra (boxes beyond the order); an extra listed twice may not.
  const seen = new Set<string>();
  form.extras.forEach((line, i) => {
    check('extras', line, i);
    if (line.productId && seen.has(line.productId)) put(`extras.${i}.productId`, m.duplicateLine);
    seen.add(line.productId);
  });
  return problems;
}
