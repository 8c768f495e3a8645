/**
 * The customers list's working set: every customer's list columns, in a ChangeCache (functions/lib/change-cache.ts)
 * loaded from the changes index, newest last order first; filtered, counted and paged in memory (customer-list.ts).
 * docs/data-model.md says at which size this stops serving and what takes over.
 */
import type { AdminCustomerList, AdminCustomerListQuery } from '../../shared/schemas/admin-customer-list.js';
import { ChangeCache, type ReadSince } from '../lib/change-cache.js';
import type { CustomerItem } from '../lib/entities.js';
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
  private memo: { key: string; index: CustomerIndex; matched: Matches } | null = null;

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
  }

  get size(): number {
    return this.cache.size;
  }

  async list(query: AdminCustomerListQuery): Promise<AdminCustomerList> {
    await this.cache.refresh();
    if (this.indexGeneration !== this.cache.generation) {
      this.index = new CustomerIndex(this.cache.rows);
      this.indexGeneration = this.cache.generation;
    }
    const cutoff = inactiveCutoff(query.inactiveDays, this.now());
    const key = filterKey(query, cutoff);
    // A page change of the same search reuses the match: only the slice differs.
    if (this.memo?.key !== key || this.memo.index !== this.index) {
      this.memo = { key, index: this.index, matched: matchCustomers(this.index, query, cutoff) };
    }
    return pageOf(this.index, this.memo.matched, query);
  }
}
