/**
 * The tickets list's working set: every ticket, in a ChangeCache (functions/lib/change-cache.ts) loaded from
 * the changes index, newest first; searched, filtered, counted and paged in memory (ticket-list.ts).
 * docs/data-model.md says at which size this stops serving and what takes over.
 */
import type { AdminTicketList, AdminTicketListQuery } from '../../shared/schemas/admin-ticket-list.js';
import { ChangeCache, type ReadSince } from '../lib/change-cache.js';
import {
  filterKey,
  matchTickets,
  pageOf,
  type TicketEntry,
  TicketIndex,
  toTicketEntry,
} from './ticket-list.js';
import type { StoredTicket } from './ticket-views.js';

export class TicketListCache {
  private readonly cache: ChangeCache<StoredTicket, TicketEntry>;
  /** Lookups over the current rows; replaced when they change. */
  private index = new TicketIndex([]);
  private indexGeneration = 0;
  private memo: { key: string; index: TicketIndex; matched: readonly TicketEntry[] } | null = null;

  constructor(
    readSince: ReadSince<StoredTicket>,
    /** 'Total Tickets': the ticket counters' count (one GetItem), read beside the refresh. */
    private readonly totalTickets: () => Promise<number>,
  ) {
    this.cache = new ChangeCache({
      readSince,
      idOf: (item) => item.ticket_number,
      changedAt: (item) => item.updated_at ?? item.created_at ?? '',
      toEntry: toTicketEntry,
      sortKey: (entry) => entry.sortKey,
    });
  }

  get size(): number {
    return this.cache.size;
  }

  async list(query: AdminTicketListQuery): Promise<AdminTicketList> {
    const [total] = await Promise.all([this.totalTickets(), this.cache.refresh()]);
    if (this.indexGeneration !== this.cache.generation) {
      this.index = new TicketIndex(this.cache.rows, this.index);
      this.indexGeneration = this.cache.generation;
    }
    const key = filterKey(query);
    // A page change of the same search reuses the match: only the slice differs.
    if (this.memo?.key !== key || this.memo.index !== this.index) {
      this.memo = { key, index: this.index, matched: matchTickets(this.index, query) };
    }
    return pageOf(this.memo.matched, query, total);
  }
}
