import {
  type AdminCustomerListQueryInput,
  CUSTOMER_PAGE_SIZES,
  CUSTOMER_SEARCH_FIELDS,
  type CustomerSearchField,
  DEFAULT_CUSTOMER_PAGE_SIZE,
} from '../schemas/admin-customer-list.js';
import { endOfDayInstant, startOfDayInstant } from './admin-order-filters.js';

/**
 * The back office customers list keeps everything it shows in the address (as the orders list does): a reload,
 * Back or a shared link gives the same list. These are the pure parts: address ↔ state ↔ API query.
 */

/** 'Last order more than N days ago' (spec 001 §9), in its order; '' is Any time, 'custom' a number of days. */
export const INACTIVE_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Any time' },
  { value: '14', label: '14 days' },
  { value: '30', label: '30 days' },
  { value: '45', label: '45 days' },
  { value: '60', label: '60 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '6 months' },
  { value: '240', label: '8 months' },
  { value: '300', label: '10 months' },
  { value: '365', label: '12 months' },
  { value: 'custom', label: 'Custom' },
];

export const SEARCH_FIELD_LABELS: Record<CustomerSearchField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
};

/** What the address says, as text. Filters stay as typed, so a bad value reaches the server and its message. */
export interface CustomerListParams {
  q: string;
  /** The fields the search looks in; all three unless narrowed. */
  fields: CustomerSearchField[];
  minOrders: string;
  maxOrders: string;
  minAmount: string;
  maxAmount: string;
  /** Calendar days, yyyy-mm-dd, in the staff member's time zone. */
  firstFrom: string;
  firstTo: string;
  lastFrom: string;
  lastTo: string;
  /** One of INACTIVE_OPTIONS' values. */
  inactive: string;
  /** The number of days when `inactive` is 'custom'. */
  inactiveDays: string;
  page: number;
  pageSize: number;
}

/** The filters inside the collapsible panel. */
export const CUSTOMER_PANEL_KEYS = [
  'minOrders',
  'maxOrders',
  'minAmount',
  'maxAmount',
  'firstFrom',
  'firstTo',
  'lastFrom',
  'lastTo',
  'inactive',
  'inactiveDays',
] as const;
type PanelKey = (typeof CUSTOMER_PANEL_KEYS)[number];
type TextKey = 'q' | PanelKey;
const TEXT_KEYS: readonly TextKey[] = ['q', ...CUSTOMER_PANEL_KEYS];

const text = (search: URLSearchParams, key: string) => (search.get(key) ?? '').trim();
const isField = (value: string): value is CustomerSearchField =>
  (CUSTOMER_SEARCH_FIELDS as readonly string[]).includes(value);

/** The fields in the address, in their fixed order; absent (or nothing valid) is all of them. */
function fieldsOf(search: URLSearchParams): CustomerSearchField[] {
  const raw = search.get('fields');
  if (raw === null) return [...CUSTOMER_SEARCH_FIELDS];
  const chosen = new Set(raw.split(',').filter(isField));
  return chosen.size === 0
    ? [...CUSTOMER_SEARCH_FIELDS]
    : CUSTOMER_SEARCH_FIELDS.filter((f) => chosen.has(f));
}

/** Page and page size fall back to their defaults: a stale link still shows a list. */
export function readCustomerListParams(search: URLSearchParams): CustomerListParams {
  const page = Number(text(search, 'page'));
  const pageSize = Number(text(search, 'pageSize'));
  const inactive = text(search, 'inactive');
  const params = Object.fromEntries(TEXT_KEYS.map((key) => [key, text(search, key)])) as Record<
    TextKey,
    string
  >;
  return {
    ...params,
    inactive: INACTIVE_OPTIONS.some((o) => o.value === inactive) ? inactive : '',
    fields: fieldsOf(search),
    page: Number.isInteger(page) && page >= 1 && page <= 999_999 ? page : 1,
    pageSize: (CUSTOMER_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_CUSTOMER_PAGE_SIZE,
  };
}

export type CustomerListPatch = Partial<Record<TextKey, string | null>> & {
  fields?: CustomerSearchField[];
  page?: number;
  pageSize?: number;
};

/**
 * The next address from the current one and a change. Empty values and defaults are left out so links stay
 * short; the search fields are all three or a non-empty part of them (the form keeps the last one checked).
 * Any filter change (and a page size change) goes back to page 1.
 */
export function updateCustomerListSearch(
  current: URLSearchParams,
  patch: CustomerListPatch,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null | undefined) => {
    const v = value?.trim() ?? '';
    if (v) next.set(key, v);
    else next.delete(key);
  };
  for (const key of TEXT_KEYS) if (key in patch) set(key, patch[key]);
  if (patch.inactive !== undefined && patch.inactive !== 'custom') next.delete('inactiveDays');
  if (patch.fields) {
    const chosen = CUSTOMER_SEARCH_FIELDS.filter((f) => patch.fields?.includes(f));
    if (chosen.length === CUSTOMER_SEARCH_FIELDS.length || chosen.length === 0) next.delete('fields');
    else next.set('fields', chosen.join(','));
  }
  if (patch.pageSize !== undefined) {
    set('pageSize', patch.pageSize === DEFAULT_CUSTOMER_PAGE_SIZE ? null : String(patch.pageSize));
  }
  const filterChanged =
    TEXT_KEYS.some((key) => key in patch) || patch.fields !== undefined || patch.pageSize !== undefined;
  if (patch.page !== undefined && !filterChanged) set('page', patch.page > 1 ? String(patch.page) : null);
  else if (filterChanged) next.delete('page');
  return next;
}

/** Everything off (the search fields back to all three) except the page size. */
export function clearCustomerFilters(current: URLSearchParams): URLSearchParams {
  const patch: CustomerListPatch = { fields: [...CUSTOMER_SEARCH_FIELDS] };
  for (const key of TEXT_KEYS) patch[key] = null;
  return updateCustomerListSearch(current, patch);
}

/** How many of the panel's filters are on (a custom inactivity counts once). */
export const activePanelFilters = (params: CustomerListParams): number =>
  CUSTOMER_PANEL_KEYS.filter((key) => key !== 'inactiveDays' && params[key] !== '').length;

/** The number of days the inactivity choice means, as text; '' for Any time (or a custom choice not yet typed). */
export const inactiveDaysOf = (params: CustomerListParams): string =>
  params.inactive === 'custom' ? params.inactiveDays : params.inactive;

/**
 * The API query for what the address says. Day ranges become instants (start of the first day to 23:59:59.999
 * of the last, in the browser's time zone); a day that is not a day is passed on as typed so the server
 * answers with its message for that field.
 */
export function toAdminCustomerListQuery(params: CustomerListParams): AdminCustomerListQueryInput {
  const query: AdminCustomerListQueryInput = {
    page: String(params.page),
    pageSize: String(params.pageSize),
  };
  const put = (key: keyof AdminCustomerListQueryInput, value: string) => {
    if (value) (query as Record<string, unknown>)[key] = value;
  };
  put('q', params.q);
  if (params.fields.length !== CUSTOMER_SEARCH_FIELDS.length) query.fields = params.fields.join(',');
  put('minOrders', params.minOrders);
  put('maxOrders', params.maxOrders);
  put('minAmount', params.minAmount);
  put('maxAmount', params.maxAmount);
  if (params.firstFrom) put('firstOrderFrom', startOfDayInstant(params.firstFrom) ?? params.firstFrom);
  if (params.firstTo) put('firstOrderTo', endOfDayInstant(params.firstTo) ?? params.firstTo);
  if (params.lastFrom) put('lastOrderFrom', startOfDayInstant(params.lastFrom) ?? params.lastFrom);
  if (params.lastTo) put('lastOrderTo', endOfDayInstant(params.lastTo) ?? params.lastTo);
  put('inactiveDays', inactiveDaysOf(params));
  return query;
}

/** The controls a server field message belongs to (ApiError.fields keys are the API query's keys). */
export type CustomerFilterControl = 'q' | 'fields' | Exclude<PanelKey, 'inactive'>;
const FIELD_CONTROLS: Record<string, CustomerFilterControl> = {
  q: 'q',
  fields: 'fields',
  minOrders: 'minOrders',
  maxOrders: 'maxOrders',
  minAmount: 'minAmount',
  maxAmount: 'maxAmount',
  firstOrderFrom: 'firstFrom',
  firstOrderTo: 'firstTo',
  lastOrderFrom: 'lastFrom',
  lastOrderTo: 'lastTo',
  inactiveDays: 'inactiveDays',
};

export function customerFilterErrors(
  fields: Record<string, string>,
): Partial<Record<CustomerFilterControl, string>> {
  const out: Partial<Record<CustomerFilterControl, string>> = {};
  for (const [field, message] of Object.entries(fields)) {
    const control = FIELD_CONTROLS[field];
    if (control) out[control] ??= message;
  }
  return out;
}

/** Whether a control lives in the collapsible panel (its error opens the panel). */
export const isPanelControl = (control: string): boolean => control !== 'q' && control !== 'fields';
