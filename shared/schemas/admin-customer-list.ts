import * as z from 'zod/mini';
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from '../constants.js';
import { adminCustomerMessages as m } from '../messages.js';
import { pageParam, pageSizeParam } from './common.js';

/** What a customer search can look in (spec 001 §7 Customers); all three unless the staff member narrows it. */
export const CUSTOMER_SEARCH_FIELDS = ['name', 'email', 'phone'] as const;
export type CustomerSearchField = (typeof CUSTOMER_SEARCH_FIELDS)[number];

/** The customers list pages like the orders list: 10 (default), 25, 50, 100. */
export const CUSTOMER_PAGE_SIZES = ORDER_PAGE_SIZES;
export const DEFAULT_CUSTOMER_PAGE_SIZE = DEFAULT_ORDER_PAGE_SIZE;
/** 'Last order more than N days ago' accepts at most ten years. */
export const MAX_INACTIVE_DAYS = 3650;

/** Query values arrive as text: a whole number of at least 0 (order counts), or absent. */
const countParam = z.optional(
  z.pipe(
    z.string(m.invalidOrderCount).check(z.trim(), z.regex(/^\d{1,9}$/, m.invalidOrderCount)),
    z.transform((v) => Number(v)),
  ),
);
/** An amount in dollars, at least 0, whole cents (the form's step 0.01). */
const amountParam = z.optional(
  z.pipe(
    z.string(m.invalidAmount).check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/, m.invalidAmount)),
    z.transform((v) => Number(v)),
  ),
);
const instantParam = z.optional(z.iso.datetime({ offset: true, error: m.invalidDate }));

const FIELDS_PATTERN = new RegExp(
  `^(${CUSTOMER_SEARCH_FIELDS.join('|')})(,(${CUSTOMER_SEARCH_FIELDS.join('|')}))*$`,
);

const ordered = (low: number | undefined, high: number | undefined) =>
  low === undefined || high === undefined || low <= high;
const datesOrdered = (from: string | undefined, to: string | undefined) =>
  !from || !to || Date.parse(from) <= Date.parse(to);

/**
 * GET /api/admin/customers. The date bounds are instants: the browser turns each day range into the start of
 * its first day and 23:59:59.999 of its last (in the staff member's time zone), as the orders list does.
 * `inactiveDays`: only customers whose last order is more than that many days old.
 */
export const ZAdminCustomerListQuery = z
  .object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(100, m.searchTooLong))),
    fields: z._default(
      z.pipe(
        z.string(m.invalidSearchFields).check(z.trim(), z.regex(FIELDS_PATTERN, m.invalidSearchFields)),
        z.transform((v) => [...new Set(v.split(','))] as CustomerSearchField[]),
      ),
      [...CUSTOMER_SEARCH_FIELDS],
    ),
    minOrders: countParam,
    maxOrders: countParam,
    minAmount: amountParam,
    maxAmount: amountParam,
    firstOrderFrom: instantParam,
    firstOrderTo: instantParam,
    lastOrderFrom: instantParam,
    lastOrderTo: instantParam,
    inactiveDays: z.optional(
      z.pipe(
        z.string(m.invalidInactiveDays).check(
          z.trim(),
          z.regex(/^[1-9]\d{0,3}$/, m.invalidInactiveDays),
          z.refine((v) => Number(v) <= MAX_INACTIVE_DAYS, m.invalidInactiveDays),
        ),
        z.transform((v) => Number(v)),
      ),
    ),
    page: pageParam(m.invalidPage),
    pageSize: pageSizeParam(ORDER_PAGE_SIZES, DEFAULT_ORDER_PAGE_SIZE, m.invalidPageSize),
  })
  .check(
    z.refine((q) => ordered(q.minOrders, q.maxOrders), { error: m.orderRange, path: ['maxOrders'] }),
    z.refine((q) => ordered(q.minAmount, q.maxAmount), { error: m.amountRange, path: ['maxAmount'] }),
    z.refine((q) => datesOrdered(q.firstOrderFrom, q.firstOrderTo), {
      error: m.dateRange,
      path: ['firstOrderTo'],
    }),
    z.refine((q) => datesOrdered(q.lastOrderFrom, q.lastOrderTo), {
      error: m.dateRange,
      path: ['lastOrderTo'],
    }),
  );
export type AdminCustomerListQuery = z.infer<typeof ZAdminCustomerListQuery>;
export type AdminCustomerListQueryInput = z.input<typeof ZAdminCustomerListQuery>;

/** One row of the customers list: the list's columns and the id that opens the detail. */
export const ZAdminCustomerRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  totalOrders: z.number(),
  totalAmount: z.number(),
  firstOrderDate: z.nullable(z.string()),
  lastOrderDate: z.nullable(z.string()),
});
export type AdminCustomerRow = z.infer<typeof ZAdminCustomerRow>;

export const ZAdminCustomerList = z.object({
  customers: z.array(ZAdminCustomerRow),
  /** Exact number of customers matching the filters. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminCustomerList = z.infer<typeof ZAdminCustomerList>;
