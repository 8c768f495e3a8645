/**
 * The orders list's filtering, search, counting and paging, in memory over the list rows the cache holds.
 * Pure: the cache (order-list-cache.ts) decides what the rows are, this decides what a query shows.
 */
import { toCents } from '../../shared/rules/money.js';
import type {
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderRow,
} from '../../shared/schemas/admin-order-list.js';
import type { OrderListItem } from '../lib/entities.js';
import { findRows, type JoinedText, joinTexts, SEPARATOR } from '../lib/joined-text.js';

/** A row as the list keeps it: the API row plus what filtering needs, computed once per change. */
export interface ListEntry {
  row: AdminOrderRow;
  /** Lower-case order number, full name ('first last': either name alone is inside it) and e-mail, one per line. */
  haystack: string;
  totalCents: number;
  createdMs: number;
  method: string;
  /** Newest first: created_at then order id, both descending. Never changes for an order. */
  sortKey: string;
}

export function toListEntry(item: OrderListItem): ListEntry {
  const customer = item.customer ?? { firstName: '', lastName: '', email: '', phone: '' };
  const row: AdminOrderRow = {
    orderId: item.order_id,
    createdAt: item.created_at,
    updatedAt: item.updated_at,
    status: item.status,
    shipmentStatus: item.shipment_status ?? 'pending',
    customer: {
      firstName: customer.firstName ?? '',
      lastName: customer.lastName ?? '',
      email: customer.email ?? '',
      phone: customer.phone ?? '',
    },
    total: Number(item.total_amount ?? 0),
    paidAmount: Number(item.paid_amount ?? 0),
    paymentMethod: item.payment_method ?? '',
  };
  const c = row.customer;
  return {
    row,
    haystack: [row.orderId, `${c.firstName} ${c.lastName}`, c.email].join('\n').toLowerCase(),
    totalCents: toCents(row.total),
    createdMs: Date.parse(row.createdAt),
    method: row.paymentMethod.toLowerCase(),
    sortKey: `${row.createdAt}#${row.orderId}`,
  };
}

/** The query without its page: two requests with the same key match the same rows. */
export function filterKey(query: AdminOrderListQuery): string {
  const { page: _page, pageSize: _size, ...filters } = query;
  return JSON.stringify(filters, Object.keys(filters).sort());
}

/**
 * Lookup structures over one version of the sorted rows, each built on first use and dropped with the version:
 * rows per status, and every row's search text in one string (functions/lib/joined-text.ts).
 */
export class ListIndex {
  private readonly statuses = new Map<string, ListEntry[]>();
  private text: JoinedText | null = null;

  constructor(readonly sorted: readonly ListEntry[]) {}

  byStatus(status: string): readonly ListEntry[] {
    let rows = this.statuses.get(status);
    if (!rows) {
      rows = this.sorted.filter((e) => e.row.status === status);
      this.statuses.set(status, rows);
    }
    return rows;
  }

  /** Rows whose search text contains `needle` (lower case), newest first. */
  search(needle: string): readonly ListEntry[] {
    this.text ??= joinTexts(this.sorted.map((e) => e.haystack));
    const found: ListEntry[] = [];
    findRows(this.text, needle, (row) => found.push(this.sorted[row]));
    return found;
  }
}

/**
 * The rows a query matches, newest first: search is case-insensitive on order number, first name, last name
 * (and both together) and e-mail, any containing the text; the other filters are exact, the date range
 * inclusive at both ends, amounts compared in cents.
 */
export function matchOrders(index: ListIndex, query: AdminOrderListQuery): readonly ListEntry[] {
  const q = query.q?.toLowerCase().replaceAll(SEPARATOR, '');
  const candidates = q ? index.search(q) : query.status ? index.byStatus(query.status) : index.sorted;
  const status = q ? query.status : undefined;
  const from = query.createdFrom ? Date.parse(query.createdFrom) : null;
  const to = query.createdTo ? Date.parse(query.createdTo) : null;
  const min = query.minAmount !== undefined ? toCents(query.minAmount) : null;
  const max = query.maxAmount !== undefined ? toCents(query.maxAmount) : null;
  const method = query.paymentMethod?.toLowerCase();
  const shipment = query.shipmentStatus;
  if (!status && !shipment && !method && from === null && to === null && min === null && max === null) {
    return candidates;
  }
  return candidates.filter(
    (e) =>
      (!status || e.row.status === status) &&
      (!shipment || e.row.shipmentStatus === shipment) &&
      (!method || e.method === method) &&
      (min === null || e.totalCents >= min) &&
      (max === null || e.totalCents <= max) &&
      (from === null || e.createdMs >= from) &&
      (to === null || e.createdMs <= to),
  );
}

export function pageOf(matched: readonly ListEntry[], query: AdminOrderListQuery): AdminOrderList {
  const start = (query.page - 1) * query.pageSize;
  return {
    orders: matched.slice(start, start + query.pageSize).map((e) => e.row),
    total: matched.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}
