import * as z from 'zod/mini';
import { receivingMessages as m } from '../admin-messages.js';
import {
  MAX_BOXES_PER_LINE,
  MAX_EXTRA_LINES,
  MAX_GROUPS_PER_LINE,
  MAX_PHOTOS_PER_LINE,
  REJECTION_REASONS,
} from '../rules/inspection.js';
import { ORDER_ID_PATTERN } from '../rules/order.js';
import { ADMIN_PAYMENT_METHODS } from './admin-orders.js';
import { ANSWER_STATES, ZAdminInspectionView } from './inspection.js';
import { ZAddress } from './order.js';
import { multiLine, singleLine } from './text.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const boxes = (min: number) =>
  z
    .number(m.countInvalid)
    .check(z.int(m.countInvalid), z.gte(min, m.countInvalid), z.lte(MAX_BOXES_PER_LINE, m.countTooHigh));

/** A price in dollars with at most two decimals, above zero (the server works in cents). */
const price = z.number(m.reducedPriceInvalid).check(
  z.gt(0, m.reducedPriceInvalid),
  z.lte(100_000, m.reducedPriceInvalid),
  z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.reducedPriceInvalid),
);

const ZReductionInput = z.object({
  count: boxes(1),
  price,
  reason: z
    .string(m.reducedReason)
    .check(
      z.trim(),
      z.minLength(1, m.reducedReason),
      z.maxLength(200, m.reducedReasonTooLong),
      singleLine('Reason'),
    ),
});

const ZRejectionInput = z.object({
  count: boxes(1),
  reason: z.enum(REJECTION_REASONS, m.rejectionReason),
});

const ZGradedLineInput = z.object({
  productId: z.string(m.productInvalid).check(z.regex(UUID, m.productInvalid)),
  received: boxes(0),
  accepted: boxes(0),
  reductions: z._default(
    z.array(ZReductionInput).check(z.maxLength(MAX_GROUPS_PER_LINE, m.tooManyGroups)),
    [],
  ),
  rejections: z._default(
    z.array(ZRejectionInput).check(z.maxLength(MAX_GROUPS_PER_LINE, m.tooManyGroups)),
    [],
  ),
  note: z.optional(z.string().check(z.trim(), z.maxLength(500, m.noteTooLong), multiLine('Note'))),
  photos: z._default(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(100)))
      .check(z.maxLength(MAX_PHOTOS_PER_LINE, m.tooManyPhotos)),
    [],
  ),
});
export type GradedLineInput = z.infer<typeof ZGradedLineInput>;

/**
 * PUT /api/admin/orders/{orderId}/inspection: what arrived of each ordered product, and of products that were
 * not on the order. `version` is the inspection the form was loaded with (0 for none): the save is refused when
 * the order has changed since (another inspector), and every version is kept in the activity log. No amount:
 * the server computes them.
 */
export const ZSaveInspectionRequest = z.object({
  version: z.number(m.versionInvalid).check(z.int(m.versionInvalid), z.gte(0, m.versionInvalid)),
  lines: z.array(ZGradedLineInput).check(z.maxLength(50, m.linesInvalid)),
  extras: z._default(z.array(ZGradedLineInput).check(z.maxLength(MAX_EXTRA_LINES, m.tooManyExtras)), []),
});
export type SaveInspectionRequest = z.infer<typeof ZSaveInspectionRequest>;

// --------------------------------------------------------------------------------------------- receiving

/** GET /api/admin/receiving/find?code=: a tracking number (typed or scanned) or an order number. */
export const ZReceivingFindQuery = z.object({
  code: z
    .string(m.codeRequired)
    .check(z.trim(), z.minLength(1, m.codeRequired), z.maxLength(100, m.codeTooLong), singleLine('Code')),
});

export const ZReceivingParams = z.object({
  orderId: z.string(m.notFound).check(z.regex(ORDER_ID_PATTERN, m.notFound)),
});

/** What the packing table needs of a box's order. */
export const ZReceivingOrder = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  status: z.string(),
  shipmentStatus: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  shippingAddress: ZAddress,
  items: z.array(
    z.object({ productId: z.string(), name: z.string(), quantity: z.number(), price: z.number() }),
  ),
  total: z.number(),
  trackingNumber: z.optional(z.string()),
  /** When the carrier reported the box delivered, if it has. */
  deliveredAt: z.optional(z.string()),
  received: z.optional(z.object({ at: z.string(), by: z.optional(z.string()) })),
  inspection: z.optional(ZAdminInspectionView),
  /** The photos of the order, for tagging a line. */
  photos: z.array(z.object({ id: z.string(), url: z.string(), filename: z.string() })),
});
export type ReceivingOrder = z.infer<typeof ZReceivingOrder>;

/** POST /api/admin/receiving/{orderId}/receive: the order, and whether it had been received already. */
export const ZReceiveResult = z.object({ order: ZReceivingOrder, alreadyReceived: z.boolean() });
export type ReceiveResult = z.infer<typeof ZReceiveResult>;

/** GET /api/admin/receiving/today: the boxes received today, newest first. */
export const ZReceivedToday = z.object({
  boxes: z.array(
    z.object({
      orderId: z.string(),
      customerName: z.string(),
      receivedAt: z.string(),
      receivedBy: z.optional(z.string()),
      inspected: z.boolean(),
    }),
  ),
});
export type ReceivedToday = z.infer<typeof ZReceivedToday>;

// ----------------------------------------------------------------------------------------------- payouts

export const PAYOUT_PAGE_SIZES = [25, 50, 100] as const;

export const ZPayoutListQuery = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(100, m.searchTooLong), singleLine('Search')), ''),
  page: z._default(z.coerce.number(m.pageInvalid).check(z.int(m.pageInvalid), z.gte(1, m.pageInvalid)), 1),
  pageSize: z._default(
    z.coerce
      .number(m.pageSizeInvalid)
      .check(z.refine((v) => (PAYOUT_PAGE_SIZES as readonly number[]).includes(v), m.pageSizeInvalid)),
    25,
  ),
});
export type PayoutListQuery = z.infer<typeof ZPayoutListQuery>;

export const ZPayoutRow = z.object({
  orderId: z.string(),
  customerName: z.string(),
  email: z.string(),
  quote: z.number(),
  amountDue: z.number(),
  paymentMethod: z.string(),
  /** Since when the order has been payable (accepted, window ended, or nothing to answer). */
  readyAt: z.string(),
  /** Days since the box was delivered (the carrier's report, else its receipt). */
  daysWaited: z.number(),
  answer: z.enum(ANSWER_STATES),
  inspectionVersion: z.number(),
});
export type PayoutRow = z.infer<typeof ZPayoutRow>;

export const ZPayoutList = z.object({
  rows: z.array(ZPayoutRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PayoutList = z.infer<typeof ZPayoutList>;

/** GET /api/admin/payouts/overview: the last 30 days, from the daily counters. */
export const ZPayoutOverview = z.object({
  days: z.number(),
  boxesReceived: z.number(),
  boxesAccepted: z.number(),
  /** Boxes accepted over boxes received; null before any box. */
  acceptanceRate: z.nullable(z.number()),
  rejectedValue: z.array(
    z.object({ reason: z.enum(REJECTION_REASONS), label: z.string(), value: z.number() }),
  ),
  /** The median days from delivered to paid over the orders paid in the period; null before any. */
  medianDaysToPaid: z.nullable(z.number()),
  ordersPaid: z.number(),
});
export type PayoutOverview = z.infer<typeof ZPayoutOverview>;

/**
 * POST /api/admin/payouts/{orderId}/pay: logs the payment of the amount due and completes the order. The
 * inspection version the row showed guards against paying an amount that changed since; no amount is sent.
 */
export const ZPayOrderRequest = z.object({
  inspectionVersion: z.number(m.versionInvalid).check(z.int(m.versionInvalid), z.gte(1, m.versionInvalid)),
  method: z.enum(ADMIN_PAYMENT_METHODS, m.payMethod),
  notes: z._default(z.string().check(z.trim(), z.maxLength(1000, m.noteTooLong), multiLine('Notes')), ''),
});
export type PayOrderRequest = z.infer<typeof ZPayOrderRequest>;
