/**
 * The orders list's working set: every order's list columns, in a ChangeCache (functions/lib/change-cache.ts)
 * loaded from the orderList index, newest first; filtered, counted and paged in memory (order-list.ts).
 * docs/data-model.md says at which size this stops serving and what takes over.
 */
import type { AdminOrderList, AdminOrderListQuery } from '../../shared/schemas/admin-order-list.js';
import { ChangeCache, type ReadSince } from '../lib/change-cache.js';
import type { OrderListItem } from '../lib/entities.js';
import { filterKey, type ListEntry, ListIndex, matchOrders, pageOf, toListEntry } from './order-list.js';

export class OrderListCache {
  private readonly cache: ChangeCache<OrderListItem, ListEntry>;
  /** Lookups over the current rows; replaced when they change. */
  private index = new ListIndex([]);
  private indexGeneration = 0;
  private memo: { key: string; index: ListIndex; matched: readonly ListEntry[] } | null = null;

  constructor(readSince: ReadSince<OrderListItem>) {
    this.cache = new ChangeCache({
      readSince,
      idOf: (item) => item.order_id,
      changedAt: (item) => item.updated_at,
      isDeleted: (item) => !!item.deleted_at,
      toEntry: toListEntry,
      sortKey: (entry) => entry.sortKey,
    });
  }

  get size(): number {
    return this.cache.size;
  }

  refresh(): Promise<void> {
    return this.cache.refresh();
  }

  async list(query: AdminOrderListQuery): Promise<AdminOrderList> {
    await this.cache.refresh();
    if (this.indexGeneration !== this.cache.generation) {
      this.index = new ListIndex(this.cache.rows);
      this.indexGeneration = this.cache.generation;
    }
    const key = filterKey(query);
    // A page change of the same search reuses the match: only the slice differs.
    if (this.memo?.key !== key || this.memo.index !== this.index) {
      this.memo = { key, index: this.index, matched: matchOrders(this.index, query) };
    }
    return pageOf(this.memo.matched, query);
  }
}
