/**
 * The tickets list's search, filters, counting and paging, in memory over the rows the cache holds (spec 001
 * §2, §5). Pure: the cache (ticket-list-cache.ts) decides what the rows are, this decides what a query shows.
 */
import type { TicketSearchField } from '../../shared/constants.js';
import type { AdminTicketRow } from '../../shared/schemas/admin-ticket.js';
import type { AdminTicketList, AdminTicketListQuery } from '../../shared/schemas/admin-ticket-list.js';
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
  const words = [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))];
  return words.filter((w) => !words.some((other) => other !== w && w.includes(other)));
}

/** A row's lower-case text in one search field; 'all' holds every field, one per line. */
export function ticketText(entry: TicketEntry, field: TicketSearchField): string {
  // A search word holds no whitespace, so it cannot span two fields of 'all'.
  return field === 'all' ? entry.text.join('\n') : entry.text[SEARCHABLE.indexOf(field)];
}

/** Rows whose `field` text contains a lower-case word, newest first. */
export type FindWord = (field: TicketSearchField, word: string) => readonly TicketEntry[];

/**
 * Lookups over one version of the sorted rows: rows per tag and status (built on first use, dropped with the
 * version), and the list's search (functions/lib/substring-index.ts), which outlives versions.
 */
export class TicketIndex {
  private readonly filtered = new Map<string, readonly TicketEntry[]>();

  constructor(
    readonly sorted: readonly TicketEntry[],
    readonly find: FindWord = (field, word) => sorted.filter((e) => ticketText(e, field).includes(word)),
  ) {}

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
  if (words.length === 1) return index.find(query.field, words[0]).filter(keep);
  // Any word: the union of each word's rows, back in list order.
  const found = new Set<TicketEntry>();
  for (const word of words) for (const e of index.find(query.field, word)) if (keep(e)) found.add(e);
  return [...found].sort((a, b) => (a.sortKey < b.sortKey ? 1 : -1));
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
