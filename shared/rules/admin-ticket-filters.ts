/**
 * The support tickets list keeps its tag, search, 'Search in', status and page in the address (spec 001 §2):
 * a reload, Back or a shared link shows the same list. These are the pure parts: address ↔ state ↔ API query.
 */
import {
  DEFAULT_TICKET_PAGE_SIZE,
  TICKET_PAGE_SIZES,
  TICKET_SEARCH_FIELDS,
  TICKET_STATUS_FILTERS,
  TICKET_TAG_FILTERS,
  type TicketSearchField,
} from '../constants.js';
import type { AdminTicketListQueryInput } from '../schemas/admin-ticket-list.js';

export type TicketTagFilter = (typeof TICKET_TAG_FILTERS)[number];
export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];

export interface TicketListParams {
  tag: TicketTagFilter;
  q: string;
  field: TicketSearchField;
  status: TicketStatusFilter;
  page: number;
  pageSize: number;
}

/** The tag tabs (spec 001 §2): All Tickets, Support, Leads. */
export const TICKET_TAG_TABS: ReadonlyArray<{ value: TicketTagFilter; label: string }> = [
  { value: 'all', label: 'All Tickets' },
  { value: 'support', label: 'Support' },
  { value: 'lead', label: 'Leads' },
];

/** 'Search in' choices. */
export const TICKET_FIELD_OPTIONS: ReadonlyArray<{ value: TicketSearchField; label: string }> = [
  { value: 'all', label: 'All fields' },
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'ticketNumber', label: 'Ticket number' },
  { value: 'subject', label: 'Subject' },
  { value: 'message', label: 'Message' },
];

export const TICKET_STATUS_OPTIONS: ReadonlyArray<{ value: TicketStatusFilter; label: string }> = [
  { value: 'all', label: 'All statuses' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** Unknown values fall back to their defaults: a stale or edited link still shows a list. */
export function readTicketListParams(search: URLSearchParams): TicketListParams {
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  return {
    tag: oneOf(TICKET_TAG_FILTERS, search.get('tag'), 'all'),
    q: (search.get('q') ?? '').trim().slice(0, 100),
    field: oneOf(TICKET_SEARCH_FIELDS, search.get('field'), 'all'),
    status: oneOf(TICKET_STATUS_FILTERS, search.get('status'), 'all'),
    page: Number.isInteger(page) && page >= 1 && page <= 999_999 ? page : 1,
    pageSize: (TICKET_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_TICKET_PAGE_SIZE,
  };
}

export type TicketListPatch = Partial<TicketListParams>;

const DEFAULTS: Omit<TicketListParams, 'page'> = {
  tag: 'all',
  q: '',
  field: 'all',
  status: 'all',
  pageSize: DEFAULT_TICKET_PAGE_SIZE,
};

/**
 * The next address from the current one and a change. Defaults are left out so links stay short; any change
 * but the page goes back to page 1.
 */
export function updateTicketListSearch(current: URLSearchParams, patch: TicketListPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  const keys = Object.keys(DEFAULTS) as Array<keyof typeof DEFAULTS>;
  for (const key of keys) {
    if (!(key in patch)) continue;
    const value = String(patch[key] ?? '').trim();
    if (value === '' || value === String(DEFAULTS[key])) next.delete(key);
    else next.set(key, value);
  }
  if (keys.some((key) => key in patch)) next.delete('page');
  else if (patch.page !== undefined) {
    if (patch.page > 1) next.set('page', String(patch.page));
    else next.delete('page');
  }
  return next;
}

/** Clear (spec 001 §2): query empty, status all, 'Search in' all; the tag tab and page size stay. */
export const clearTicketSearch = (current: URLSearchParams): URLSearchParams =>
  updateTicketListSearch(current, { q: '', status: 'all', field: 'all' });

export const toAdminTicketListQuery = (params: TicketListParams): AdminTicketListQueryInput => ({
  tag: params.tag,
  ...(params.q ? { q: params.q } : {}),
  field: params.field,
  status: params.status,
  page: String(params.page),
  pageSize: String(params.pageSize),
});

/** 'No support tickets found.' or 'No {tag} tickets found.' for the tab on screen. */
export const emptyTicketsText = (
  tag: TicketTagFilter,
  messages: { emptyAll: string; emptyTag: (t: string) => string },
) => (tag === 'all' ? messages.emptyAll : messages.emptyTag(tag));
