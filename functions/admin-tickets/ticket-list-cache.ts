/**
 * The tickets list's working set: every ticket, in a ChangeCache (functions/lib/change-cache.ts) loaded from
 * the changes index, newest first; searched, filtered, counted and paged in memory (ticket-list.ts).
 * docs/data-model.md says at which size this stops serving and what takes over.
 */

import type { TicketSearchField } from '../../shared/constants.js';
import type { AdminTicketList, AdminTicketListQuery } from '../../shared/schemas/admin-ticket-list.js';
import { ChangeCache, type ReadSince } from '../lib/change-cache.js';
import { MatchMemo } from '../lib/match-memo.js';
import { ListSearch } from '../lib/substring-index.js';
import {
  filterKey,
  matchTickets,
  pageOf,
  type TicketEntry,
  TicketIndex,
  ticketText,
  toTicketEntry,
} from './ticket-list.js';
import type { StoredTicket } from './ticket-views.js';

export class TicketListCache {
  private readonly cache: ChangeCache<StoredTicket, TicketEntry>;
  /** Lookups over the current rows; replaced when they change. */
  private index = new TicketIndex([]);
  private indexGeneration = 0;
  private readonly memo = new MatchMemo<readonly TicketEntry[]>();
  private readonly search: ListSearch<TicketEntry, TicketSearchField>;

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
    this.search = new ListSearch(this.cache, ticketText, (entry) => entry.sortKey);
  }

  get size(): number {
    return this.cache.size;
  }

  async list(query: AdminTicketListQuery): Promise<AdminTicketList> {
    const [total] = await Promise.all([this.totalTickets(), this.cache.refresh()]);
    if (this.indexGeneration !== this.cache.generation) {
      this.index = new TicketIndex(this.cache.rows, (field, word) => this.search.search(word, field));
      this.indexGeneration = this.cache.generation;
    }
    const index = this.index;
    const matched = this.memo.get(filterKey(query), this.indexGeneration, () => matchTickets(index, query));
    return pageOf(matched, query, total);
  }
}
