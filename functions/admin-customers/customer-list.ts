/**
 * The customers list's filtering, search, counting and paging, in memory over the rows the cache holds
 * (customer-list-cache.ts). Pure: the cache decides what the rows are, this decides what a query shows.
 */
import { toCents } from '../../shared/rules/money.js';
import type {
  AdminCustomerList,
  AdminCustomerListQuery,
  AdminCustomerRow,
  CustomerSearchField,
} from '../../shared/schemas/admin-customer-list.js';
import type { CustomerItem } from '../lib/entities.js';
import { storedAmount } from '../orders/order-views.js';

const DAY_MS = 86_400_000;

/** A row as the list keeps it: the API row plus what filtering needs, computed once per change. */
export interface CustomerEntry {
  row: AdminCustomerRow;
  /** Lower-case search text per field; the phone also as its digits alone, so '5551234567' finds '(555) 123-4567'. */
  text: Record<CustomerSearchField, string>;
  totalCents: number;
  firstMs: number;
  lastMs: number;
  /** Newest last order first: `<last_order_date>#<id>`, descending. */
  sortKey: string;
}

const timeOf = (value: string | null): number => (value ? Date.parse(value) : Number.NaN);

/** Stored fields are read defensively: older records may lack some. */
export function toCustomerEntry(item: CustomerItem): CustomerEntry {
  const phone = String(item.phone ?? '');
  const row: AdminCustomerRow = {
    id: item.id,
    name: String(item.name ?? ''),
    email: String(item.email ?? ''),
    phone,
    totalOrders: storedAmount(item.total_orders),
    totalAmount: storedAmount(item.total_amount),
    firstOrderDate: item.first_order_date ?? null,
    lastOrderDate: item.last_order_date ?? null,
  };
  const digits = phone.replace(/\D/g, '');
  return {
    row,
    text: {
      name: row.name.toLowerCase(),
      email: row.email.toLowerCase(),
      phone: digits ? `${phone.toLowerCase()}\n${digits}` : phone.toLowerCase(),
    },
    totalCents: toCents(row.totalAmount),
    firstMs: timeOf(row.firstOrderDate),
    lastMs: timeOf(row.lastOrderDate),
    sortKey: `${row.lastOrderDate ?? ''}#${row.id}`,
  };
}

/**
 * The query without its page, with 'inactive for N days' as the cutoff instant (to the minute, so pages of one
 * search within a minute share one match): two requests with the same key match the same rows.
 */
export function filterKey(query: AdminCustomerListQuery, cutoffMs: number | null): string {
  const { page: _page, pageSize: _size, inactiveDays: _days, ...filters } = query;
  return JSON.stringify({ ...filters, cutoffMs }, [...Object.keys(filters), 'cutoffMs'].sort());
}

/** 'Last order more than N days ago' as an instant: last orders before it match. Whole minutes. */
export const inactiveCutoff = (days: number | undefined, now: number): number | null =>
  days === undefined ? null : Math.floor((now - days * DAY_MS) / 60_000) * 60_000;

const SEPARATOR = '\u0000';

/**
 * Search text over one version of the sorted rows: per field, every row's text in one string, built on first
 * use, so a search is a run of `indexOf` (the engine's fast substring search) instead of one call per row.
 */
export class CustomerIndex {
  private readonly texts = new Map<CustomerSearchField, { all: string; starts: Int32Array }>();

  constructor(readonly sorted: readonly CustomerEntry[]) {}

  /** Rows (their positions, ascending) where any of `fields` contains `needle` (lower case). */
  search(needle: string, fields: readonly CustomerSearchField[]): readonly CustomerEntry[] {
    const hit = new Uint8Array(this.sorted.length);
    for (const field of fields) {
      const { all, starts } = this.textOf(field);
      let at = all.indexOf(needle);
      while (at !== -1) {
        const row = rowAt(starts, at);
        hit[row] = 1;
        const next = row + 1 < starts.length ? starts[row + 1] : all.length;
        at = all.indexOf(needle, next);
      }
    }
    const found: CustomerEntry[] = [];
    for (let i = 0; i < hit.length; i++) if (hit[i]) found.push(this.sorted[i]);
    return found;
  }

  private textOf(field: CustomerSearchField) {
    let text = this.texts.get(field);
    if (!text) {
      const starts = new Int32Array(this.sorted.length);
      let offset = 0;
      for (let i = 0; i < this.sorted.length; i++) {
        starts[i] = offset;
        offset += this.sorted[i].text[field].length + 1;
      }
      text = { all: this.sorted.map((e) => e.text[field]).join(SEPARATOR), starts };
      this.texts.set(field, text);
    }
    return text;
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

const bound = (value: string | undefined): number | null => (value ? Date.parse(value) : null);

/**
 * The rows a query matches, newest last order first (spec 001 §7 Customers): the search is case-insensitive,
 * any chosen field containing the text; order count and amount ranges are inclusive (amounts in cents); date
 * ranges are inclusive instants; `cutoffMs` keeps customers whose last order is older than it. A customer
 * without a date never matches a range on that date.
 */
export function matchCustomers(
  index: CustomerIndex,
  query: AdminCustomerListQuery,
  cutoffMs: number | null,
): readonly CustomerEntry[] {
  const q = query.q?.toLowerCase().replaceAll(SEPARATOR, '').replaceAll('\n', ' ');
  const candidates = q ? index.search(q, query.fields) : index.sorted;
  const minOrders = query.minOrders ?? null;
  const maxOrders = query.maxOrders ?? null;
  const minCents = query.minAmount !== undefined ? toCents(query.minAmount) : null;
  const maxCents = query.maxAmount !== undefined ? toCents(query.maxAmount) : null;
  const firstFrom = bound(query.firstOrderFrom);
  const firstTo = bound(query.firstOrderTo);
  const lastFrom = bound(query.lastOrderFrom);
  const lastTo = bound(query.lastOrderTo);
  const checks = [minOrders, maxOrders, minCents, maxCents, firstFrom, firstTo, lastFrom, lastTo, cutoffMs];
  if (checks.every((c) => c === null)) return candidates;
  return candidates.filter(
    (e) =>
      (minOrders === null || e.row.totalOrders >= minOrders) &&
      (maxOrders === null || e.row.totalOrders <= maxOrders) &&
      (minCents === null || e.totalCents >= minCents) &&
      (maxCents === null || e.totalCents <= maxCents) &&
      // NaN (no date) fails every comparison: it is outside any range.
      (firstFrom === null || e.firstMs >= firstFrom) &&
      (firstTo === null || e.firstMs <= firstTo) &&
      (lastFrom === null || e.lastMs >= lastFrom) &&
      (lastTo === null || e.lastMs <= lastTo) &&
      (cutoffMs === null || e.lastMs < cutoffMs),
  );
}

export function pageOf(matched: readonly CustomerEntry[], query: AdminCustomerListQuery): AdminCustomerList {
  const start = (query.page - 1) * query.pageSize;
  return {
    customers: matched.slice(start, start + query.pageSize).map((e) => e.row),
    total: matched.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
