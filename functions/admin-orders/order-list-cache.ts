/**
 * The orders list's working set: every order's list columns, in a ChangeCache (functions/lib/change-cache.ts)
 * loaded from the orderList index, newest first; filtered, counted and paged in memory (order-list.ts).
 * docs/data-model.md says at which size this stops serving and what takes over.
 */
import type { AdminOrderList, AdminOrderListQuery } from '../../shared/schemas/admin-order-list.js';
import { ChangeCache, type ReadSince } from '../lib/change-cache.js';
import type { OrderListItem } from '../lib/entities.js';
import { MatchMemo } from '../lib/match-memo.js';
import { ListSearch } from '../lib/substring-index.js';
import { filterKey, type ListEntry, ListIndex, matchOrders, pageOf, toListEntry } from './order-list.js';

export class OrderListCache {
  private readonly cache: ChangeCache<OrderListItem, ListEntry>;
  /** Lookups over the current rows; replaced when they change. */
  private index = new ListIndex([]);
  private indexGeneration = 0;
  private readonly memo = new MatchMemo<readonly ListEntry[]>();
  private readonly search: ListSearch<ListEntry>;

  constructor(readSince: ReadSince<OrderListItem>) {
    this.cache = new ChangeCache({
      readSince,
      idOf: (item) => item.order_id,
      changedAt: (item) => item.updated_at,
      isDeleted: (item) => !!item.deleted_at,
      toEntry: toListEntry,
      sortKey: (entry) => entry.sortKey,
    });
    this.search = new ListSearch(
      this.cache,
      (e) => e.haystack,
      (e) => e.sortKey,
    );
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
      this.index = new ListIndex(this.cache.rows, (needle) => this.search.search(needle));
      this.indexGeneration = this.cache.generation;
    }
    const index = this.index;
    const matched = this.memo.get(filterKey(query), this.indexGeneration, () => matchOrders(index, query));
    return pageOf(matched, query);
  }
}
