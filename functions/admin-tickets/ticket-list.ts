/**
 * The tickets list's search, filters, counting and paging, in memory over the rows the cache holds (spec 001
 * §2, §5). Pure: the cache (ticket-list-cache.ts) decides what the rows are, this decides what a query shows.
 */
import type { TicketSearchField } from '../../shared/constants.js';
import type { AdminTicketRow } from '../../shared/schemas/admin-ticket.js';
import type { AdminTicketList, AdminTicketListQuery } from '../../shared/schemas/admin-ticket-list.js';
import { JoinedText, ROW_SEPARATOR } from '../lib/joined-text.js';
import { type StoredTicket, toTicketRow } from './ticket-views.js';

/** The fields one can search in, in the order 'all' checks them. */
const SEARCHABLE = ['name', 'email', 'phone', 'ticketNumber', 'subject', 'message'] as const;
type Searchable = (typeof SEARCHABLE)[number];

/** A row as the list keeps it: the API row plus each searchable field in lower case, computed once per change. */
export interface TicketEntry {
  row: AdminTicketRow;
  /** Lower-case text of each searchable field, in SEARCHABLE order. */
  text: readonly string[];
  /** Newest first: created_at then ticket number, both descending. Never changes for a ticket. */
  sortKey: string;
}

export function toTicketEntry(item: StoredTicket): TicketEntry {
  const row = toTicketRow(item);
  const message = typeof item.message === 'string' ? item.message : '';
  const values: Record<Searchable, string> = { ...row, message };
  return {
    row,
    text: SEARCHABLE.map((field) => values[field].toLowerCase()),
    sortKey: `${row.createdAt}#${row.ticketNumber}`,
  };
}

/** The query without its page: two requests with the same key match the same rows. */
export function filterKey(query: AdminTicketListQuery): string {
  return JSON.stringify([query.tag, query.status, query.field, searchWords(query.q)]);
}

/**
 * The words of a search: case-insensitive, split on whitespace (spec 001 §5). Duplicates are dropped, and so
 * is a word another word contains (any row matching the longer one also matches the shorter).
 */
export function searchWords(q: string): string[] {
  const words = [...new Set(q.toLowerCase().replaceAll(ROW_SEPARATOR, '').split(/\s+/).filter(Boolean))];
  return words.filter((w) => !words.some((other) => other !== w && w.includes(other)));
}

/**
 * Lookups over one version of the sorted rows, each built on first use and dropped with the version: per
 * search field, every row's text in one string (JoinedText).
 */
export class TicketIndex {
  private readonly texts: Map<TicketSearchField, JoinedText>;
  private readonly filtered = new Map<string, readonly TicketEntry[]>();

  /**
   * `previous`: the index of the rows before this version. When only statuses changed (closing a ticket does not
   * change a word of it), its search texts still hold, and building them again costs most at 100,000 tickets.
   */
  constructor(
    readonly sorted: readonly TicketEntry[],
    previous?: TicketIndex,
  ) {
    this.texts = previous && sameText(previous.sorted, sorted) ? previous.texts : new Map();
  }

  /** The rows of one tag and status ('all' for either), newest first; kept for this version of the rows. */
  withTagAndStatus(tag: string, status: string): readonly TicketEntry[] {
    if (tag === 'all' && status === 'all') return this.sorted;
    const key = `${tag}/${status}`;
    let rows = this.filtered.get(key);
    if (!rows) {
      rows = this.sorted.filter(
        (e) => (tag === 'all' || e.row.tag === tag) && (status === 'all' || e.row.status === status),
      );
      this.filtered.set(key, rows);
    }
    return rows;
  }

  /** Marks (1) every row whose `field` text contains `word`. */
  markMatches(field: TicketSearchField, word: string, marks: Uint8Array): void {
    let text = this.texts.get(field);
    if (!text) {
      // 'all': the row's fields one per line (a word holds no whitespace, so it cannot span two fields).
      const column = field === 'all' ? null : SEARCHABLE.indexOf(field);
      text = new JoinedText(this.sorted.map((e) => (column === null ? e.text.join('\n') : e.text[column])));
      this.texts.set(field, text);
    }
    text.forEachMatch(word, (row) => {
      marks[row] = 1;
    });
  }
}

/** True when both versions hold the same searchable text in the same order. */
function sameText(before: readonly TicketEntry[], after: readonly TicketEntry[]): boolean {
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i++) {
    const a = before[i];
    const b = after[i];
    if (a === b) continue;
    if (a.sortKey !== b.sortKey || a.text.some((text, k) => text !== b.text[k])) return false;
  }
  return true;
}

/**
 * The rows a query matches, newest first: the tag and status exact, and with a search, any of its words
 * contained in the chosen field (or in any of them for 'all').
 */
export function matchTickets(index: TicketIndex, query: AdminTicketListQuery): readonly TicketEntry[] {
  const words = searchWords(query.q);
  const tag = query.tag === 'all' ? null : query.tag;
  const status = query.status === 'all' ? null : query.status;
  const keep = (e: TicketEntry) => (!tag || e.row.tag === tag) && (!status || e.row.status === status);
  if (words.length === 0) return index.withTagAndStatus(query.tag, query.status);
  const marks = new Uint8Array(index.sorted.length);
  for (const word of words) index.markMatches(query.field, word, marks);
  const found: TicketEntry[] = [];
  for (let i = 0; i < marks.length; i++) {
    if (marks[i] && keep(index.sorted[i])) found.push(index.sorted[i]);
  }
  return found;
}

export function pageOf(
  matched: readonly TicketEntry[],
  query: AdminTicketListQuery,
  totalTickets: number,
): AdminTicketList {
  const start = (query.page - 1) * query.pageSize;
  return {
    tickets: matched.slice(start, start + query.pageSize).map((e) => e.row),
    total: matched.length,
    page: query.page,
    pageSize: query.pageSize,
    totalTickets,
  };
}
