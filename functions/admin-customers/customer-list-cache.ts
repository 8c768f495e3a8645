/**
 * The customers list's working set: every customer's list columns, in a ChangeCache (functions/lib/change-cache.ts)
 * loaded from the changes index, newest last order first; filtered, counted and paged in memory (customer-list.ts).
 * docs/data-model.md says at which size this stops serving and what takes over.
 */
import type {
  AdminCustomerList,
  AdminCustomerListQuery,
  CustomerSearchField,
} from '../../shared/schemas/admin-customer-list.js';
import { ChangeCache, type ReadSince } from '../lib/change-cache.js';
import type { CustomerItem } from '../lib/entities.js';
import { MatchMemo } from '../lib/match-memo.js';
import { ListSearch } from '../lib/substring-index.js';
import {
  type CustomerEntry,
  CustomerIndex,
  customerIdOf,
  filterKey,
  inactiveCutoff,
  type Matches,
  matchCustomers,
  pageOf,
  toCustomerEntry,
} from './customer-list.js';

export class CustomerListCache {
  private readonly cache: ChangeCache<CustomerItem, CustomerEntry>;
  /** Lookups over the current rows; replaced when they change. */
  private index = new CustomerIndex([]);
  private indexGeneration = 0;
  private readonly memo = new MatchMemo<Matches>();
  private readonly search: ListSearch<CustomerEntry, CustomerSearchField>;

  constructor(
    readSince: ReadSince<CustomerItem>,
    private readonly now: () => number = Date.now,
  ) {
    this.cache = new ChangeCache({
      readSince,
      idOf: customerIdOf,
      changedAt: (item) => item.updated_at,
      revision: (item) => Number(item.revision ?? 0),
      toEntry: toCustomerEntry,
      sortKey: (entry) => entry.sortKey,
    });
    this.search = new ListSearch(
      this.cache,
      (entry, field) => entry.text[field],
      (entry) => entry.sortKey,
    );
  }

  get size(): number {
    return this.cache.size;
  }

  async list(query: AdminCustomerListQuery): Promise<AdminCustomerList> {
    await this.cache.refresh();
    if (this.indexGeneration !== this.cache.generation) {
      this.index = new CustomerIndex(this.cache.rows, (needle, field) => this.search.search(needle, field));
      this.indexGeneration = this.cache.generation;
    }
    const cutoff = inactiveCutoff(query.inactiveDays, this.now());
    const index = this.index;
    const matched = this.memo.get(filterKey(query, cutoff), this.indexGeneration, () =>
      matchCustomers(index, query, cutoff),
    );
    return pageOf(index, matched, query);
  }
}
