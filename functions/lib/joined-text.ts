/**
 * Many rows' search text in one string, for the back-office lists held in memory: a search is then a run of
 * `indexOf` (the engine's fast substring search) over one string instead of one call per row.
 */

/** Joins the rows' texts; no text can contain it (callers strip it from the needle). */
export const SEPARATOR = '\u0000';

export interface JoinedText {
  all: string;
  /** Where each row's text starts in `all`. */
  starts: Int32Array;
}

export function joinTexts(texts: readonly string[]): JoinedText {
  const starts = new Int32Array(texts.length);
  let offset = 0;
  for (let i = 0; i < texts.length; i++) {
    starts[i] = offset;
    offset += texts[i].length + 1;
  }
  return { all: texts.join(SEPARATOR), starts };
}

/** Calls `found(row)` once for each row whose text contains `needle`, in row order. */
export function findRows(text: JoinedText, needle: string, found: (row: number) => void): void {
  const { all, starts } = text;
  let at = all.indexOf(needle);
  while (at !== -1) {
    const row = rowAt(starts, at);
    found(row);
    // One hit per row: go on from the start of the next row's text.
    const next = row + 1 < starts.length ? starts[row + 1] : all.length;
    at = all.indexOf(needle, next);
  }
}

/** The row whose text holds position `at`: the last start at or before it. */
function rowAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (starts[mid] <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}
