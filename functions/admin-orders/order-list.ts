/**
 * The orders list's filtering, search, counting and paging, in memory over the list rows the cache holds.
 * Pure: the cache (order-list-cache.ts) decides what the rows are, this decides what a query shows.
 */
import { toCents } from '../../shared/rules/money.js';
import type {
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderRow,
} from '../../shared/schemas/admin-orders.js';
import type { OrderListItem } from '../lib/entities.js';

/** A row as the list keeps it: the API row plus what filtering needs precomputed once per change. */
export interface ListEntry {
  row: AdminOrderRow;
  /** Lower-case order number, first name, last name, full name and e-mail, one per line: one `includes` per search. */
  haystack: string;
  totalCents: number;
  /** Newest first: created_at then order id, both descending. */
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
    haystack: [row.orderId, c.firstName, c.lastName, `${c.firstName} ${c.lastName}`, c.email]
      .join('\n')
      .toLowerCase(),
    totalCents: toCents(row.total),
    sortKey: `${row.createdAt}#${row.orderId}`,
  };
}

/** Newest first. */
export const byNewest = (a: ListEntry, b: ListEntry): number =>
  a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0;

/** The query without its page: two requests with the same key match the same rows. */
export function filterKey(query: AdminOrderListQuery): string {
  const { page: _page, pageSize: _size, ...filters } = query;
  return JSON.stringify(filters, Object.keys(filters).sort());
}

const isFiltered = (query: AdminOrderListQuery): boolean =>
  Boolean(
    query.q ||
      query.status ||
      query.shipmentStatus ||
      query.paymentMethod ||
      query.createdFrom ||
      query.createdTo ||
      query.minAmount !== undefined ||
      query.maxAmount !== undefined,
  );

/**
 * The rows a query matches, newest first: search is case-insensitive on order number, first name, last name
 * (and both together) and e-mail, any containing the text; the other filters are exact, the date range
 * inclusive at both ends, amounts compared in cents.
 */
export function matchOrders(sorted: readonly ListEntry[], query: AdminOrderListQuery): readonly ListEntry[] {
  if (!isFiltered(query)) return sorted;
  const q = query.q?.toLowerCase();
  const from = query.createdFrom ? Date.parse(query.createdFrom) : null;
  const to = query.createdTo ? Date.parse(query.createdTo) : null;
  const min = query.minAmount !== undefined ? toCents(query.minAmount) : null;
  const max = query.maxAmount !== undefined ? toCents(query.maxAmount) : null;
  const method = query.paymentMethod?.toLowerCase();
  return sorted.filter((entry) => {
    const r = entry.row;
    if (query.status && r.status !== query.status) return false;
    if (query.shipmentStatus && r.shipmentStatus !== query.shipmentStatus) return false;
    if (method && r.paymentMethod.toLowerCase() !== method) return false;
    if (min !== null && entry.totalCents < min) return false;
    if (max !== null && entry.totalCents > max) return false;
    if (from !== null || to !== null) {
      const at = Date.parse(r.createdAt);
      if (from !== null && at < from) return false;
      if (to !== null && at > to) return false;
    }
    return q ? entry.haystack.includes(q) : true;
  });
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
