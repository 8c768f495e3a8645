/**
 * Case-insensitive "contains" search over a list's rows, at a cost that follows the rows that might match rather
 * than the size of the list. `SubstringIndex`: a trigram index (each three-character run of a row's text → the
 * rows holding it, in list order) narrows a search to the rows holding the rarest trigram of the needle, and
 * only those are checked with `includes`; needles shorter than three characters scan. `ListSearch` keeps one
 * such index across changes of a ChangeCache: rows changed since it was built are checked beside it, and it is
 * rebuilt only after many changes, so a write does not cost the next search a rebuild.
 */
import type { ChangeCache } from './change-cache.js';

/** What a search needs of a ChangeCache. */
type Journaled<Entry extends object> = Pick<
  ChangeCache<unknown, Entry>,
  'snapshot' | 'journalSince' | 'trimJournal' | 'isLive'
>;

/** A trigram as one number (three UTF-16 code units), so building allocates no strings. */
const gramAt = (text: string, i: number): number =>
  text.charCodeAt(i) * 4_294_967_296 + text.charCodeAt(i + 1) * 65_536 + text.charCodeAt(i + 2);

export class SubstringIndex {
  private postings: Map<number, Int32Array> | null = null;

  /** `texts[i]` is row i's search text, lower case; rows are in list order. */
  constructor(private readonly texts: readonly string[]) {}

  /** Positions (ascending, so in list order) of the rows whose text contains `needle` (lower case). */
  search(needle: string): number[] {
    const found: number[] = [];
    if (needle.length < 3) {
      for (let i = 0; i < this.texts.length; i++) if (this.texts[i].includes(needle)) found.push(i);
      return found;
    }
    const postings = this.build();
    let rarest: Int32Array | undefined;
    for (let i = 0; i + 3 <= needle.length; i++) {
      const rows = postings.get(gramAt(needle, i));
      if (!rows) return found;
      if (!rarest || rows.length < rarest.length) rarest = rows;
    }
    for (const row of rarest!) if (this.texts[row].includes(needle)) found.push(row);
    return found;
  }

  private build(): Map<number, Int32Array> {
    if (this.postings) return this.postings;
    const lists = new Map<number, number[]>();
    for (let row = 0; row < this.texts.length; row++) {
      const text = this.texts[row];
      for (let i = 0; i + 3 <= text.length; i++) {
        const gram = gramAt(text, i);
        let list = lists.get(gram);
        if (!list) {
          list = [];
          lists.set(gram, list);
        }
        // Rows are visited in order, so a row already listed is the list's last entry.
        if (list[list.length - 1] !== row) list.push(row);
      }
    }
    this.postings = new Map();
    for (const [gram, rows] of lists) this.postings.set(gram, Int32Array.from(rows));
    return this.postings;
  }
}

/** Past this many rows changed since the index was built, the next search rebuilds it over the current rows. */
const REBUILD_AFTER_CHANGES = 2000;

/**
 * A list's search, kept across changes of its cache (the journal's only reader). A list may search several
 * texts of a row (columns: a ticket's name, e-mail... or all of them); each column's index is built on its
 * first search.
 */
export class ListSearch<Entry extends object, Column = 'text'> {
  private base: { rows: readonly Entry[]; indexes: Map<Column, SubstringIndex>; epoch: number } | null = null;

  constructor(
    private readonly cache: Journaled<Entry>,
    /** A row's lower-case text in one column. */
    private readonly textOf: (entry: Entry, column: Column) => string,
    /** The list's order, descending (the cache's sort key). */
    private readonly sortKeyOf: (entry: Entry) => string,
    private readonly rebuildAfter = REBUILD_AFTER_CHANGES,
  ) {}

  /** The current rows whose text in `column` contains `needle` (lower case), in list order. */
  search(needle: string, column = 'text' as Column): Entry[] {
    const base = this.current();
    let index = base.indexes.get(column);
    if (!index) {
      index = new SubstringIndex(base.rows.map((e) => this.textOf(e, column)));
      base.indexes.set(column, index);
    }
    const fromBase: Entry[] = [];
    for (const row of index.search(needle)) {
      const entry = base.rows[row];
      if (this.cache.isLive(entry)) fromBase.push(entry);
    }
    const changed = this.cache
      .journalSince(0)
      .filter((e) => this.cache.isLive(e) && this.textOf(e, column).includes(needle));
    if (changed.length === 0) return fromBase;
    const key = this.sortKeyOf;
    // A row changed twice is journaled twice; only its live version passed the filter, once.
    const merged: Entry[] = [];
    const later = [...new Set(changed)].sort((a, b) => (key(a) < key(b) ? 1 : -1));
    let i = 0;
    for (const entry of fromBase) {
      while (i < later.length && key(later[i]) > key(entry)) merged.push(later[i++]);
      merged.push(entry);
    }
    while (i < later.length) merged.push(later[i++]);
    return merged;
  }

  /** The indexes, dropped for the current rows when missing, outdated by a bulk load, or behind many changes. */
  private current() {
    const now = this.cache.snapshot();
    if (
      !this.base ||
      this.base.epoch !== now.epoch ||
      this.cache.journalSince(0).length > this.rebuildAfter
    ) {
      // The rows hold the journal up to `journalAt`: from here on, only what came after is checked beside.
      this.cache.trimJournal(now.journalAt);
      this.base = { rows: now.rows, indexes: new Map(), epoch: now.epoch };
    }
    return this.base;
  }
}
