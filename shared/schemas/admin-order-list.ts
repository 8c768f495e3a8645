import * as z from 'zod/mini';
import { ORDER_STATUSES, SHIPMENT_STATUS_FILTERS } from '../constants.js';
import { adminOrderMessages as m } from '../messages.js';
import { pagingShape } from './list-paging.js';
import { ZCustomerContact } from './order.js';

/** Query values arrive as text: a number, or absent when empty. */
const numberParam = (message: string) =>
  z.optional(
    z.pipe(
      z.string(message).check(z.trim(), z.regex(/^-?\d+(\.\d+)?$/, message)),
      z.transform((v) => Number(v)),
    ),
  );

/**
 * GET /api/admin/orders. `createdFrom`/`createdTo` are instants: the browser turns the date range (start of the
 * first day to 23:59:59 of the last, in the staff member's time zone) and the quick filters into them.
 */
export const ZAdminOrderListQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, m.searchTooLong))),
  status: z.optional(z.enum(ORDER_STATUSES, m.invalidStatus)),
  shipmentStatus: z.optional(z.enum(SHIPMENT_STATUS_FILTERS, m.invalidShipmentStatus)),
  paymentMethod: z.optional(z.string().check(z.trim(), z.maxLength(40, m.invalidPaymentMethodFilter))),
  createdFrom: z.optional(z.iso.datetime({ offset: true, error: m.invalidDate })),
  createdTo: z.optional(z.iso.datetime({ offset: true, error: m.invalidDate })),
  minAmount: numberParam(m.invalidAmountFilter),
  maxAmount: numberParam(m.invalidAmountFilter),
  ...pagingShape(m),
});
export type AdminOrderListQuery = z.infer<typeof ZAdminOrderListQuery>;
export type AdminOrderListQueryInput = z.input<typeof ZAdminOrderListQuery>;

/** One row of the orders list: only the list's columns. */
export const ZAdminOrderRow = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.string(),
  shipmentStatus: z.string(),
  customer: ZCustomerContact,
  total: z.number(),
  paidAmount: z.number(),
  paymentMethod: z.string(),
});
export type AdminOrderRow = z.infer<typeof ZAdminOrderRow>;

export const ZAdminOrderList = z.object({
  orders: z.array(ZAdminOrderRow),
  /** Exact number of orders matching the filters. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminOrderList = z.infer<typeof ZAdminOrderList>;
