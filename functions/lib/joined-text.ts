/**
 * Substring search over many rows at once: every row's text joined in one string, so a search is a run of
 * `indexOf` (the engine's fast substring search) instead of one call per row. The back-office lists build one
 * per version of their rows (functions/admin-orders/order-list.ts, functions/admin-tickets/ticket-list.ts).
 */

/** Joins the rows' texts; a needle never holds it (callers remove it), so no match spans two rows. */
export const ROW_SEPARATOR = '\u0000';

export class JoinedText {
  private readonly all: string;
  private readonly starts: Int32Array;

  constructor(texts: readonly string[]) {
    this.starts = new Int32Array(texts.length);
    let offset = 0;
    for (let i = 0; i < texts.length; i++) {
      this.starts[i] = offset;
      offset += texts[i].length + 1;
    }
    this.all = texts.join(ROW_SEPARATOR);
  }

  /** Calls `found` once for each row whose text contains `needle`, in row order. */
  forEachMatch(needle: string, found: (row: number) => void): void {
    if (!needle || needle.includes(ROW_SEPARATOR)) return;
    const { all, starts } = this;
    let at = all.indexOf(needle);
    while (at !== -1) {
      const row = this.rowAt(at);
      found(row);
      // One hit per row: go on from the start of the next row's text.
      const next = row + 1 < starts.length ? starts[row + 1] : all.length;
      at = all.indexOf(needle, next);
    }
  }

  /** The row whose text holds position `at`: the last start at or before it. */
  private rowAt(at: number): number {
    const { starts } = this;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid] <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
