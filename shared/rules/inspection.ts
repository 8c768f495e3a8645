/**
 * Receiving and grading: what staff record of each box when an order arrives, and what the seller is owed for
 * it. The server computes every amount from these rules, in cents; the browser shows them.
 */

/** Why a box is not paid: the acceptance conditions the FAQ and the product pages promise (spec 000 §1, §2). */
export const REJECTION_REASONS = ['expired', 'opened', 'damaged', 'contaminated', 'wrong_product'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  expired: 'Expired or under the minimum months',
  opened: 'Opened or unsealed',
  damaged: 'Damaged box',
  contaminated: 'Contaminated (not returned)',
  wrong_product: 'Wrong product',
};

/** Contaminated items are neither paid nor returned (spec 000 §1's safety notice); every other reason may be. */
export const isReturnable = (reason: RejectionReason): boolean => reason !== 'contaminated';

/** Days a seller has to answer an inspection with something reduced or rejected, unless settings say otherwise. */
export const DEFAULT_ANSWER_DAYS = 14;
export const MAX_ANSWER_DAYS = 60;
/** Most boxes of one line, and most groups (reductions, rejections) and photos per line. */
export const MAX_BOXES_PER_LINE = 100;
export const MAX_GROUPS_PER_LINE = 5;
export const MAX_PHOTOS_PER_LINE = 10;
export const MAX_EXTRA_LINES = 20;

export interface Reduction {
  count: number;
  /** Per box, in cents: above 0 and below the line's full price. */
  priceCents: number;
  reason: string;
}

export interface Rejection {
  count: number;
  reason: RejectionReason;
}

/** What arrived of one product, and what became of each box. */
export interface GradedLine {
  productId: string;
  name: string;
  /** The full price per box in cents: the order's (an ordered product) or the catalogue's of that day (an extra). */
  priceCents: number;
  received: number;
  /** Accepted at full value. */
  accepted: number;
  reductions: Reduction[];
  rejections: Rejection[];
  note?: string;
  /** Ids of the order's photos that show this line. */
  photos: string[];
}

export interface GradedLines {
  /** One per product of the order, in the order's order. */
  lines: GradedLine[];
  /** Products that arrived but were not on the order. */
  extras: GradedLine[];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export const reducedCount = (line: GradedLine) => sum(line.reductions.map((r) => r.count));
export const rejectedCount = (line: GradedLine) => sum(line.rejections.map((r) => r.count));

/** What a line earns: its boxes accepted at full value, and its reduced boxes at their prices. */
export const lineDueCents = (line: GradedLine): number =>
  line.accepted * line.priceCents + sum(line.reductions.map((r) => r.count * r.priceCents));

const allLines = (graded: GradedLines) => [...graded.lines, ...graded.extras];

/** The amount due for everything accepted, in cents. */
export const amountDueCents = (graded: GradedLines): number => sum(allLines(graded).map(lineDueCents));

/** Whether the seller has something to answer: any box reduced or rejected. */
export const needsAnswer = (graded: GradedLines): boolean =>
  allLines(graded).some((line) => line.reductions.length > 0 || line.rejections.length > 0);

/**
 * Boxes that come back if the seller asks for their items back: the rejected ones that may be returned (never
 * contaminated ones). What is accepted, at full or reduced value, stays and is paid, so the amount due is the
 * same either way.
 */
export function returnedBoxes(
  graded: GradedLines,
): Array<{ productId: string; name: string; count: number }> {
  return allLines(graded).flatMap((line) => {
    const count = sum(line.rejections.filter((r) => isReturnable(r.reason)).map((r) => r.count));
    return count > 0 ? [{ productId: line.productId, name: line.name, count }] : [];
  });
}

/** What the box counts say about a line, or null when they add up (received = accepted + reduced + rejected). */
export function countProblem(line: GradedLine, ordered?: number): 'sum' | 'overOrdered' | null {
  if (line.accepted + reducedCount(line) + rejectedCount(line) !== line.received) return 'sum';
  if (ordered !== undefined && line.accepted + reducedCount(line) > ordered) return 'overOrdered';
  return null;
}

/** The tallies the back office's overview adds up: boxes received and accepted, and rejected value by reason. */
export interface GradingTally {
  received: number;
  accepted: number;
  rejectedCents: Record<RejectionReason, number>;
}

export function tally(graded: GradedLines): GradingTally {
  const rejectedCents = Object.fromEntries(REJECTION_REASONS.map((r) => [r, 0])) as Record<
    RejectionReason,
    number
  >;
  let received = 0;
  let accepted = 0;
  for (const line of allLines(graded)) {
    received += line.received;
    accepted += line.accepted + reducedCount(line);
    for (const r of line.rejections) rejectedCents[r.reason] += r.count * line.priceCents;
  }
  return { received, accepted, rejectedCents };
}

/**
 * A carrier barcode as a scanner types it: USPS labels carry the tracking number after an application identifier
 * and the destination ZIP (`420` + 5 or 9 digits); staff may type spaces or dashes. The candidates to look up,
 * in upper case, the most specific first.
 */
export function scannedCodes(input: string): string[] {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  if (!code) return [];
  const codes = [code];
  const usps = /^420(\d{5}|\d{9})(\d{20,34})$/.exec(code);
  if (usps) codes.push(usps[2]);
  // A routing code of 9 digits reads as 5 plus the tracking number's first 4: try both splits.
  const short = /^420\d{5}(\d{24,38})$/.exec(code);
  if (short && !codes.includes(short[1])) codes.push(short[1]);
  return codes;
}
