/**
 * A back-office list's working set, held by a warm Lambda: every item of one kind, loaded once from an index
 * keyed by when each item last changed, then refreshed on each request with only what changed since the last
 * read (with an overlap for late index updates; deletes are soft, so a deleted item arrives as a change and
 * leaves). Kept sorted by the list's order (descending sort key), so the caller filters, counts and pages in
 * memory: a page costs the same at 100,000 items as at 100. docs/data-model.md says where this stops serving.
 */
import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES } from '../../shared/runtime-env.js';
import type { ChangesIndex } from '../../shared/table-keys.js';
import { db, tableName } from './db.js';

/**
 * How far before the last complete refresh each refresh reads again: an index entry can become visible a
 * little after a later one (eventually consistent GSI, writers' clocks), and re-reading a few seconds is cheap.
 */
export const REFRESH_OVERLAP_MS = 10_000;

/** Past this many changes in one refresh (a cold start's load), sorting once beats placing each one. */
const BULK_CHANGES = 500;
/** A journal nobody trims (no searches) is dropped past this length; its reader then rebuilds. */
const MAX_JOURNAL = 20_000;

/** Items whose last change sorts after `since` (an ISO instant), oldest change first; all of them for null. */
export type ReadSince<Item> = (since: string | null) => AsyncIterable<Item>;

export interface ChangeCacheOptions<Item, Entry> {
  readSince: ReadSince<Item>;
  idOf: (item: Item) => string;
  /** The item's `updated_at`: a change older than the one held is ignored. */
  changedAt: (item: Item) => string;
  /**
   * A counter every write of the item bumps, where writers' `updated_at` may not follow commit order (two
   * concurrent writes stamped before they commit): the higher revision wins, `changedAt` only breaks ties.
   */
  revision?: (item: Item) => number;
  /** A soft-deleted item leaves the list. */
  isDeleted?: (item: Item) => boolean;
  toEntry: (item: Item) => Entry;
  /** The list's order, descending; unique per item (end it with the id). It may change with the item. */
  sortKey: (entry: Entry) => string;
}

interface Held<Entry> {
  entry: Entry;
  sortKey: string;
  changedAt: string;
  revision: number;
}

export class ChangeCache<Item, Entry extends object> {
  private readonly held = new Map<string, Held<Entry>>();
  private sorted: Held<Entry>[] = [];
  private view: Entry[] = [];
  /** The newest change applied: where an interrupted first load goes on from. */
  private newestChange: string | null = null;
  /** When the last complete refresh started (epoch ms): every change older than that was visible to it. */
  private lastRefreshAt: number | null = null;
  private refreshing: Promise<void> | null = null;
  /** Bumped whenever the rows change, so callers can keep lookups built over them until then. */
  generation = 0;
  /**
   * The entries applied one by one (new versions, oldest first) since the journal was last trimmed: a lookup
   * built over an older `rows` (a search index) stays usable by checking these beside it. `viewJournal` is how
   * much of the journal `rows` already holds; `journalEpoch` moves when a bulk load bypassed the journal.
   */
  private journal: Entry[] = [];
  private viewJournal = 0;
  journalEpoch = 0;
  private readonly live = new WeakSet<Entry>();

  constructor(private readonly options: ChangeCacheOptions<Item, Entry>) {}

  get size(): number {
    return this.held.size;
  }

  /** Every entry in list order. The array is replaced, never changed, when the rows change. */
  get rows(): readonly Entry[] {
    return this.view;
  }

  /** True while `entry` is the current version of its item (not replaced by a newer one, not deleted). */
  isLive(entry: Entry): boolean {
    return this.live.has(entry);
  }

  /** The rows now, and the journal position they include (for `journalSince`). */
  snapshot(): { rows: readonly Entry[]; journalAt: number; epoch: number } {
    return { rows: this.view, journalAt: this.viewJournal, epoch: this.journalEpoch };
  }

  /** Entries applied since journal position `at` (some may since be replaced: check `isLive`). */
  journalSince(at: number): readonly Entry[] {
    return this.journal.slice(at);
  }

  /** Forgets the journal before position `at` (its one reader rebuilt over newer rows); returns the shift. */
  trimJournal(at: number): number {
    this.journal.splice(0, at);
    this.viewJournal -= at;
    return at;
  }

  /** Reads what changed since the last refresh (everything, the first time). One refresh at a time. */
  refresh(): Promise<void> {
    this.refreshing ??= this.readChanges().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
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
    for await (const item of this.options.readSince(since)) {
      if (this.apply(item, changes >= BULK_CHANGES)) changes++;
      if (changes === BULK_CHANGES) this.sorted = [];
      const at = this.options.changedAt(item);
      if (this.newestChange === null || at > this.newestChange) this.newestChange = at;
    }
    if (changes >= BULK_CHANGES)
      this.sorted = [...this.held.values()].sort((a, b) => (a.sortKey < b.sortKey ? 1 : -1));
    if (changes >= BULK_CHANGES || this.journal.length > MAX_JOURNAL) {
      this.journal = [];
      this.journalEpoch++;
    }
    if (changes > 0) {
      this.view = this.sorted.map((h) => h.entry);
      this.viewJournal = this.journal.length;
      this.generation++;
    }
    this.lastRefreshAt = startedAt;
  }

  /**
   * True when the item changed what the list shows. In bulk, only the map changes and the caller sorts once;
   * otherwise the sorted array is updated in place.
   */
  private apply(item: Item, bulk: boolean): boolean {
    const { idOf, changedAt, isDeleted, toEntry, sortKey, revision } = this.options;
    const id = idOf(item);
    const at = changedAt(item);
    const rev = revision?.(item) ?? 0;
    const known = this.held.get(id);
    const deleted = isDeleted?.(item) ?? false;
    const newer = !known || rev > known.revision || (rev === known.revision && at > known.changedAt);
    if (!newer && !deleted) return false;
    if (known && !bulk) this.sorted.splice(this.indexOf(known.sortKey), 1);
    if (known) this.live.delete(known.entry);
    if (deleted) {
      if (!known) return false;
      this.held.delete(id);
      return true;
    }
    const entry = toEntry(item);
    const held = { entry, sortKey: sortKey(entry), changedAt: at, revision: rev };
    this.held.set(id, held);
    this.live.add(entry);
    if (!bulk) {
      this.sorted.splice(this.indexOf(held.sortKey), 0, held);
      this.journal.push(entry);
    }
    return true;
  }

  /** Where an entry with this sort key is (or belongs) in the descending array. */
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

/**
 * Items of one partition of an index keyed by last change (`<updated_at>#<id>`), oldest change first: all of
 * them, or those whose last change sorts after `since`. One Query, paged by the SDK; never a Scan. `attributes`
 * reads only those (an INCLUDE index's projection).
 */
export async function* readIndexSince<Item>(options: {
  index: (typeof TABLE_INDEXES)['orderList' | 'changes'];
  partition: string;
  since: string | null;
  attributes?: readonly string[];
}): AsyncGenerator<Item> {
  const { index, partition, since, attributes } = options;
  const pages = paginateQuery(
    { client: db, pageSize: 1000 },
    {
      TableName: tableName(),
      IndexName: index.name,
      KeyConditionExpression: since ? '#pk = :pk AND #sk > :since' : '#pk = :pk',
      ExpressionAttributeNames: {
        '#pk': index.pk,
        ...(since ? { '#sk': index.sk } : {}),
        ...Object.fromEntries((attributes ?? []).map((name, i) => [`#a${i}`, name])),
      },
      ExpressionAttributeValues: { ':pk': partition, ...(since ? { ':since': since } : {}) },
      ProjectionExpression: attributes?.map((_, i) => `#a${i}`).join(', '),
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) yield item as Item;
  }
}

/** One kind's whole items from the changes index (customers, tickets): see `readIndexSince`. */
export const readChangesSince = <Item>(partition: ChangesIndex, since: string | null) =>
  readIndexSince<Item>({ index: TABLE_INDEXES.changes, partition, since });
