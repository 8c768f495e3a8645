import {
  DEFAULT_ORDER_PAGE_SIZE,
  DIRECT_DEPOSIT,
  ORDER_PAGE_SIZES,
  QUICK_FILTER_HOURS,
} from '../constants.js';
import type { AdminOrderListQueryInput } from '../schemas/admin-order-list.js';
import {
  ADMIN_PAYMENT_METHOD_LABELS,
  ADMIN_PAYMENT_METHODS,
  ORDER_STATUSES,
} from '../schemas/admin-orders.js';
import { statusLabel } from './admin-order-forms.js';
import { payoutMethodLabel } from './payout.js';
import { PAYOUT_METHODS } from './settings-defaults.js';

/**
 * The back office orders list keeps everything it shows in the address (spec 001 §2 Orders): a reload or a
 * shared link gives the same list. These are the pure parts: address ↔ state ↔ API query.
 */

export type QuickFilter = keyof typeof QUICK_FILTER_HOURS;
export const QUICK_FILTERS = Object.keys(QUICK_FILTER_HOURS) as QuickFilter[];
export const isQuickFilter = (value: string | null | undefined): value is QuickFilter =>
  value != null && Object.hasOwn(QUICK_FILTER_HOURS, value);

/** What the address says, as text. Filters stay as typed, so a bad value reaches the server and its message. */
export interface OrderListParams {
  q: string;
  status: string;
  shipmentStatus: string;
  paymentMethod: string;
  /** Calendar days, yyyy-mm-dd, in the staff member's time zone. */
  from: string;
  to: string;
  minAmount: string;
  maxAmount: string;
  quick: QuickFilter | null;
  page: number;
  pageSize: number;
}

export type OrderListParamKey = Exclude<keyof OrderListParams, 'page' | 'pageSize'>;
/** The filters inside the collapsible panel. */
export const PANEL_KEYS = [
  'status',
  'shipmentStatus',
  'paymentMethod',
  'from',
  'to',
  'minAmount',
  'maxAmount',
] as const;
/** The keys that narrow the list (a change to any of them goes back to page 1). */
export const FILTER_KEYS: readonly OrderListParamKey[] = ['q', ...PANEL_KEYS, 'quick'];

const text = (search: URLSearchParams, key: string) => (search.get(key) ?? '').trim();

/** Page and page size fall back to their defaults: a stale link still shows a list. */
export function readOrderListParams(search: URLSearchParams): OrderListParams {
  const page = Number(text(search, 'page'));
  const pageSize = Number(text(search, 'pageSize'));
  const quick = text(search, 'quick');
  return {
    q: text(search, 'q'),
    status: text(search, 'status'),
    shipmentStatus: text(search, 'shipmentStatus'),
    paymentMethod: text(search, 'paymentMethod'),
    from: text(search, 'from'),
    to: text(search, 'to'),
    minAmount: text(search, 'minAmount'),
    maxAmount: text(search, 'maxAmount'),
    quick: isQuickFilter(quick) ? quick : null,
    page: Number.isInteger(page) && page >= 1 && page <= 999_999 ? page : 1,
    pageSize: (ORDER_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_ORDER_PAGE_SIZE,
  };
}

export type OrderListPatch = Partial<Record<OrderListParamKey, string | null>> & {
  page?: number;
  pageSize?: number;
};

/**
 * The next address from the current one and a change. Empty values and defaults are left out so links stay
 * short. Any filter change (and a page size change) goes back to page 1. Choosing a status or a start date by
 * hand ends a quick filter, which is itself a status plus a start instant.
 */
export function updateOrderListSearch(current: URLSearchParams, patch: OrderListPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null | undefined) => {
    const v = value?.trim() ?? '';
    if (v) next.set(key, v);
    else next.delete(key);
  };
  for (const key of FILTER_KEYS) if (key in patch) set(key, patch[key]);
  if (('status' in patch || 'from' in patch) && !('quick' in patch)) next.delete('quick');
  if (patch.pageSize !== undefined) {
    set('pageSize', patch.pageSize === DEFAULT_ORDER_PAGE_SIZE ? null : String(patch.pageSize));
  }
  const filterChanged = FILTER_KEYS.some((key) => key in patch) || patch.pageSize !== undefined;
  if (patch.page !== undefined && !filterChanged) set('page', patch.page > 1 ? String(patch.page) : null);
  else if (filterChanged) next.delete('page');
  return next;
}

/** Turning a quick filter on sets its status and start (the date range's start gives way); off clears both. */
export function toggleQuickFilter(current: URLSearchParams, quick: QuickFilter): URLSearchParams {
  const active = readOrderListParams(current).quick === quick;
  return updateOrderListSearch(current, { quick: active ? null : quick, status: null, from: null });
}

/** Everything off except the page size. */
export function clearOrderFilters(current: URLSearchParams): URLSearchParams {
  const patch: OrderListPatch = {};
  for (const key of FILTER_KEYS) patch[key] = null;
  return updateOrderListSearch(current, patch);
}

export const hasActiveFilters = (params: OrderListParams): boolean =>
  FILTER_KEYS.some((key) => (key === 'quick' ? params.quick !== null : params[key] !== ''));

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local calendar day, or null for anything that is not one (2026-02-30 included). */
function localDay(value: string, hours: number, minutes: number, seconds: number, ms: number): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d, hours, minutes, seconds, ms);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return date;
}

/** Start of a day in the browser's time zone as an instant; null when the text is not a day. */
export const startOfDayInstant = (day: string): string | null =>
  localDay(day, 0, 0, 0, 0)?.toISOString() ?? null;

/** The last millisecond of a day (23:59:59.999) in the browser's time zone: the range includes that day. */
export const endOfDayInstant = (day: string): string | null =>
  localDay(day, 23, 59, 59, 999)?.toISOString() ?? null;

/** The start of a quick filter's window: now minus its hours. */
export const quickFilterStart = (quick: QuickFilter, now: Date): string =>
  new Date(now.getTime() - QUICK_FILTER_HOURS[quick] * 3_600_000).toISOString();

/**
 * The API query for what the address says, at `now` (a quick filter's window is computed when the request is
 * made, not when the link was written). A day that is not a day is passed on as typed so the server answers
 * with its message for that field.
 */
export function toAdminOrderListQuery(params: OrderListParams, now: Date): AdminOrderListQueryInput {
  const query: AdminOrderListQueryInput = {
    page: String(params.page),
    pageSize: String(params.pageSize),
  };
  const put = <K extends keyof AdminOrderListQueryInput>(key: K, value: string) => {
    if (value) (query as Record<string, unknown>)[key] = value;
  };
  put('q', params.q);
  put('shipmentStatus', params.shipmentStatus);
  put('paymentMethod', params.paymentMethod);
  put('minAmount', params.minAmount);
  put('maxAmount', params.maxAmount);
  if (params.quick) {
    put('status', params.quick);
    put('createdFrom', quickFilterStart(params.quick, now));
  } else {
    put('status', params.status);
    if (params.from) put('createdFrom', startOfDayInstant(params.from) ?? params.from);
  }
  if (params.to) put('createdTo', endOfDayInstant(params.to) ?? params.to);
  return query;
}

/** The status the filter shows: a quick filter's own status while it is on. */
export const effectiveStatus = (params: OrderListParams): string => params.quick ?? params.status;

/**
 * Which control a server field message belongs to (ApiError.fields keys are the API query's keys). Page and
 * page size never reach the server invalid: readOrderListParams falls back to defaults.
 */
export type OrderFilterControl =
  | 'q'
  | 'status'
  | 'shipmentStatus'
  | 'paymentMethod'
  | 'from'
  | 'to'
  | 'minAmount'
  | 'maxAmount';
const FIELD_CONTROLS: Record<string, OrderFilterControl> = {
  q: 'q',
  status: 'status',
  shipmentStatus: 'shipmentStatus',
  paymentMethod: 'paymentMethod',
  createdFrom: 'from',
  createdTo: 'to',
  minAmount: 'minAmount',
  maxAmount: 'maxAmount',
};

export function filterErrors(fields: Record<string, string>): Partial<Record<OrderFilterControl, string>> {
  const out: Partial<Record<OrderFilterControl, string>> = {};
  for (const [field, message] of Object.entries(fields)) {
    const control = FIELD_CONTROLS[field];
    if (control) out[control] ??= message;
  }
  return out;
}

export interface Option {
  value: string;
  label: string;
}

export const ORDER_STATUS_OPTIONS: readonly Option[] = ORDER_STATUSES.map((s) => ({
  value: s,
  label: statusLabel(s),
}));

/**
 * Every method an order can carry: the seller's payout choice at checkout, a method staff logged a payment
 * with, or Direct Deposit (set when an unpaid order is completed). Each value once, payout labels first.
 */
export function paymentMethodFilterOptions(): Option[] {
  const options: Option[] = PAYOUT_METHODS.map((m) => ({ value: m, label: payoutMethodLabel(m) }));
  for (const m of ADMIN_PAYMENT_METHODS) {
    if (!options.some((o) => o.value === m))
      options.push({ value: m, label: ADMIN_PAYMENT_METHOD_LABELS[m] });
  }
  options.push({ value: DIRECT_DEPOSIT, label: DIRECT_DEPOSIT });
  return options;
}

/** How a stored payment method reads in the list. */
export function paymentMethodLabel(value: string): string {
  if (!value) return '';
  return paymentMethodFilterOptions().find((o) => o.value === value)?.label ?? value;
}
