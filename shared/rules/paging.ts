/** Paging for the back office's lists (orders, customers, tickets): page count, the summary line, the buttons. */

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** 'Showing 11–20 of 42 orders' (or another list's noun); null when nothing is on the page. */
export function showingLine(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  noun: readonly [singular: string, plural: string] = ['order', 'orders'],
): string | null {
  if (shown === 0 || total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  return `Showing ${first}–${last} of ${total} ${total === 1 ? noun[0] : noun[1]}`;
}

/** Page buttons: first, last, and the current page with its neighbours; gaps as 'gap'. */
export function pageItems(current: number, count: number, neighbours = 1): Array<number | 'gap'> {
  const pages = new Set<number>([1, count]);
  for (let p = current - neighbours; p <= current + neighbours; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push('gap');
    items.push(p);
  }
  return items;
}
