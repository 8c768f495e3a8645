/**
 * The payouts overview's figures, kept in the day counters (functions/lib/entities.ts `counters.day`) by the
 * writes that change them: an inspection ADDs what it changed (a correction ADDs the difference, on the day it is
 * made), a payment ADDs one to the histogram of days from arrival to payment (the median is read from it).
 */

import {
  type GradedLines,
  REJECTION_REASONS,
  type RejectionReason,
  tally,
} from '../../../shared/rules/inspection.js';
import { fromCents } from '../../../shared/rules/money.js';

export const BOXES_RECEIVED = 'boxes_received';
export const BOXES_ACCEPTED = 'boxes_accepted';
export const rejectedCounter = (reason: RejectionReason) => `rejected_${reason}`;
/** Payments after inspection by whole days waited; 60 and more share the last bucket. */
export const MAX_PAID_DAYS = 60;
export const paidAfterCounter = (days: number) => `paid_after_${Math.min(Math.max(days, 0), MAX_PAID_DAYS)}d`;

const counts = (graded: GradedLines | undefined): Record<string, number> => {
  if (!graded) return {};
  const t = tally(graded);
  return {
    [BOXES_RECEIVED]: t.received,
    [BOXES_ACCEPTED]: t.accepted,
    // Amounts in dollars, as every day counter holds them (sumCounters adds them in cents).
    ...Object.fromEntries(REJECTION_REASONS.map((r) => [rejectedCounter(r), fromCents(t.rejectedCents[r])])),
  };
};

/** What one save of an inspection ADDs to the day's counters: the new tally less the version it replaces. */
export function inspectionDeltas(
  previous: GradedLines | undefined,
  next: GradedLines,
): Record<string, number> {
  const before = counts(previous);
  const after = counts(next);
  return Object.fromEntries(
    Object.entries(after).map(([name, value]) => [
      name,
      Math.round((value - (before[name] ?? 0)) * 100) / 100,
    ]),
  );
}

/** Whole days from the box's arrival to its payment. */
export const daysBetween = (from: string, to: string): number =>
  Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 86_400_000));

/** The median of a histogram of whole days (`paid_after_<n>d` counts), null when it is empty. */
export function medianDays(counters: Record<string, unknown>): number | null {
  const buckets: Array<[number, number]> = [];
  for (let d = 0; d <= MAX_PAID_DAYS; d++) {
    const n = counters[paidAfterCounter(d)];
    if (typeof n === 'number' && n > 0) buckets.push([d, n]);
  }
  const total = buckets.reduce((s, [, n]) => s + n, 0);
  if (!total) return null;
  const at = (k: number) => {
    let seen = 0;
    for (const [d, n] of buckets) {
      seen += n;
      if (seen > k) return d;
    }
    return buckets[buckets.length - 1][0];
  };
  // The middle one, or the mean of the middle two.
  return total % 2 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
}
