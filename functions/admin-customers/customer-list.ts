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
import { storedAmount } from '../lib/order-views.js';

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

/** The record's id; a record written without the attribute still has it in its key. */
export const customerIdOf = (item: Pick<CustomerItem, 'id' | 'pk'>): string =>
  typeof item.id === 'string' && item.id ? item.id : item.pk.slice(item.pk.indexOf('#') + 1);

/** Stored fields are read defensively: older records may lack some. */
export function toCustomerEntry(item: CustomerItem): CustomerEntry {
  const phone = String(item.phone ?? '');
  const row: AdminCustomerRow = {
    id: customerIdOf(item),
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

/** Positions of matching rows in the sorted rows, ascending (so in list order). */
export type Matches = Int32Array;

interface Columns {
  orders: Float64Array;
  cents: Float64Array;
  firstMs: Float64Array;
  lastMs: Float64Array;
}

/** Rows whose `field` text contains a lower-case needle, in list order. */
export type FindText = (needle: string, field: CustomerSearchField) => readonly CustomerEntry[];

/**
 * Lookups over one version of the sorted rows, each built on first use and dropped with the version: the
 * numbers the filters compare as typed columns, so a range check over 100,000 rows reads contiguous memory
 * instead of 100,000 objects, and each row's position. The search itself (functions/lib/substring-index.ts)
 * outlives versions.
 */
export class CustomerIndex {
  private cols: Columns | null = null;
  private every: Matches | null = null;
  private positions: Map<CustomerEntry, number> | null = null;

  constructor(
    readonly sorted: readonly CustomerEntry[],
    private readonly find: FindText = (needle, field) => sorted.filter((e) => e.text[field].includes(needle)),
  ) {}

  /** Every position, in order (shared: callers never write into it). */
  all(): Matches {
    if (!this.every) {
      this.every = new Int32Array(this.sorted.length);
      for (let i = 0; i < this.every.length; i++) this.every[i] = i;
    }
    return this.every;
  }

  /** Positions of the rows where any of `fields` contains `needle` (lower case), ascending. */
  search(needle: string, fields: readonly CustomerSearchField[]): Matches {
    if (!this.positions) this.positions = new Map(this.sorted.map((e, i) => [e, i]));
    const found: number[] = [];
    for (const field of fields) {
      for (const entry of this.find(needle, field)) {
        // A row changed since these rows were taken is not among them yet: the next version has it.
        const at = this.positions.get(entry);
        if (at !== undefined) found.push(at);
      }
    }
    const sorted = Int32Array.from(found).sort();
    let n = 0;
    for (let k = 0; k < sorted.length; k++)
      if (k === 0 || sorted[k] !== sorted[k - 1]) sorted[n++] = sorted[k];
    return sorted.subarray(0, n);
  }

  columns(): Columns {
    if (!this.cols) {
      const n = this.sorted.length;
      const cols = {
        orders: new Float64Array(n),
        cents: new Float64Array(n),
        firstMs: new Float64Array(n),
        lastMs: new Float64Array(n),
      };
      for (let i = 0; i < n; i++) {
        const e = this.sorted[i];
        cols.orders[i] = e.row.totalOrders;
        cols.cents[i] = e.totalCents;
        cols.firstMs[i] = e.firstMs;
        cols.lastMs[i] = e.lastMs;
      }
      this.cols = cols;
    }
    return this.cols;
  }
}

const bound = (value: string | undefined): number | null => (value ? Date.parse(value) : null);

/** An inclusive range over one column; an absent end is open. NaN (no date) is outside every range. */
interface Range {
  column: Float64Array;
  min: number;
  max: number;
}

function range(column: Float64Array, min: number | null, max: number | null): Range | null {
  if (min === null && max === null) return null;
  return { column, min: min ?? Number.NEGATIVE_INFINITY, max: max ?? Number.POSITIVE_INFINITY };
}

/**
 * The rows a query matches, as positions in list order (newest last order first; spec 001 §7 Customers): the
 * search is case-insensitive, any chosen field containing the text; order count and amount ranges are inclusive
 * (amounts in cents); date ranges are inclusive instants; `cutoffMs` keeps customers whose last order is older
 * than it. A customer without a date never matches a range on that date.
 */
export function matchCustomers(
  index: CustomerIndex,
  query: AdminCustomerListQuery,
  cutoffMs: number | null,
): Matches {
  const q = query.q?.toLowerCase().replaceAll('\n', ' ');
  const candidates = q ? index.search(q, query.fields) : index.all();
  const cols = index.columns();
  const toCentsOrNull = (v: number | undefined) => (v === undefined ? null : toCents(v));
  const ranges = [
    range(cols.orders, query.minOrders ?? null, query.maxOrders ?? null),
    range(cols.cents, toCentsOrNull(query.minAmount), toCentsOrNull(query.maxAmount)),
    range(cols.firstMs, bound(query.firstOrderFrom), bound(query.firstOrderTo)),
    // 'More than N days ago' is an open upper end just below the cutoff.
    range(cols.lastMs, bound(query.lastOrderFrom), bound(query.lastOrderTo)),
    cutoffMs === null ? null : range(cols.lastMs, null, cutoffMs - 1),
  ].filter((r): r is Range => r !== null);
  if (ranges.length === 0) return candidates;
  const out = new Int32Array(candidates.length);
  let n = 0;
  for (let c = 0; c < candidates.length; c++) {
    const i = candidates[c];
    let ok = true;
    for (const r of ranges) {
      const v = r.column[i];
      // Written so that NaN fails: a comparison with NaN is false.
      if (!(v >= r.min && v <= r.max)) {
        ok = false;
        break;
      }
    }
    if (ok) out[n++] = i;
  }
  return out.subarray(0, n);
}

export function pageOf(
  index: CustomerIndex,
  matched: Matches,
  query: AdminCustomerListQuery,
): AdminCustomerList {
  const start = (query.page - 1) * query.pageSize;
  return {
    customers: Array.from(matched.subarray(start, start + query.pageSize), (i) => index.sorted[i].row),
    total: matched.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
