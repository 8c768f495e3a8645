/**
 * The orders list's working set: every order's list columns, loaded once per warm Lambda from the orderList
 * index, then refreshed on each request with only what changed since the last read (by `updated_at`, with an
 * overlap for late index updates; deletes are soft, so a deleted order arrives as a change and leaves). Kept
 * sorted newest first; filtered, counted and paged in memory (order-list.ts). docs/data-model.md says at which
 * size this stops serving and what takes over.
 */
import type { AdminOrderList, AdminOrderListQuery } from '../../shared/schemas/admin-order-list.js';
import type { OrderListItem } from '../lib/entities.js';
import {
  byNewest,
  filterKey,
  type ListEntry,
  ListIndex,
  matchOrders,
  pageOf,
  toListEntry,
} from './order-list.js';

/**
 * How far before the newest change already seen each refresh reads again: an index entry can become visible a
 * little after a later one (eventually consistent GSI, writers' clocks), and re-reading a few seconds is cheap.
 */
export const REFRESH_OVERLAP_MS = 10_000;

/** Past this many changes in one refresh (a cold start's load), sorting once beats placing each one. */
const BULK_CHANGES = 500;

export type ReadSince = (since: string | null) => AsyncIterable<OrderListItem>;

export class OrderListCache {
  private readonly entries = new Map<string, ListEntry>();
  /** Newest first; positions found by binary search on the immutable sort key (created_at#order_id). */
  private sorted: ListEntry[] = [];
  /** The newest change applied: where an interrupted first load goes on from. */
  private newestChange: string | null = null;
  /** When the last complete refresh started (epoch ms): every change older than that was visible to it. */
  private lastRefreshAt: number | null = null;
  private refreshing: Promise<void> | null = null;
  /** Lookups over the current rows; replaced when they change. */
  private index = new ListIndex([]);
  private memo: { key: string; index: ListIndex; matched: readonly ListEntry[] } | null = null;

  constructor(private readonly readSince: ReadSince) {}

  get size(): number {
    return this.entries.size;
  }

  /** Reads what changed since the last refresh (everything, the first time). One refresh at a time. */
  refresh(): Promise<void> {
    this.refreshing ??= this.readChanges().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  async list(query: AdminOrderListQuery): Promise<AdminOrderList> {
    await this.refresh();
    const key = filterKey(query);
    // A page change of the same search reuses the match: only the slice differs.
    if (this.memo?.key !== key || this.memo.index !== this.index) {
      this.memo = { key, index: this.index, matched: matchOrders(this.index, query) };
    }
    return pageOf(this.memo.matched, query);
  }

  /**
   * Reads from a little before the last complete refresh started (not from the newest change seen: after a
   * burst of writes that would re-read the whole burst on every request); a first load that was interrupted
   * goes on from the newest change it applied.
   */
  private async readChanges(): Promise<void> {
    const startedAt = Date.now();
    const from = this.lastRefreshAt ?? (this.newestChange === null ? null : Date.parse(this.newestChange));
    const since = from === null ? null : new Date(from - REFRESH_OVERLAP_MS).toISOString();
    let changes = 0;
    for await (const item of this.readSince(since)) {
      if (this.apply(item, changes >= BULK_CHANGES)) changes++;
      if (changes === BULK_CHANGES) this.sorted = [];
      if (this.newestChange === null || item.updated_at > this.newestChange)
        this.newestChange = item.updated_at;
    }
    if (changes >= BULK_CHANGES) this.sorted = [...this.entries.values()].sort(byNewest);
    if (changes > 0) this.index = new ListIndex(this.sorted);
    this.lastRefreshAt = startedAt;
  }

  /**
   * True when the item changed what the list shows. In bulk, only the map changes and the caller sorts once;
   * otherwise the sorted array is updated in place.
   */
  private apply(item: OrderListItem, bulk: boolean): boolean {
    const known = this.entries.get(item.order_id);
    if (known && known.row.updatedAt >= item.updated_at && !item.deleted_at) return false;
    if (item.deleted_at) {
      if (!known) return false;
      this.entries.delete(item.order_id);
      if (!bulk) this.sorted.splice(this.indexOf(known.sortKey), 1);
      return true;
    }
    const entry = toListEntry(item);
    this.entries.set(item.order_id, entry);
    if (bulk) return true;
    const at = this.indexOf(entry.sortKey);
    if (known) this.sorted[at] = entry;
    else this.sorted.splice(at, 0, entry);
    return true;
  }

  /** Where an entry with this sort key is (or belongs) in the newest-first array. */
  private indexOf(sortKey: string): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.sorted[mid].sortKey > sortKey) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
