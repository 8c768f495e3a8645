import * as z from 'zod/mini';
import {
  ORDER_IMAGE_MAX_BYTES,
  ORDER_IMAGE_MAX_FILES,
  ORDER_IMAGE_TYPES,
  ORDER_STATUSES,
  PAYMENT_AMOUNT_MIN,
} from '../constants.js';
import { adminOrderMessages } from '../messages.js';
import { ORDER_ID_PATTERN } from '../rules/order.js';
import { ZAdminInspectionView } from './inspection.js';
import { ZCustomerContact, ZTimelineEntry } from './order.js';
import { multiLine } from './text.js';

export { ORDER_STATUSES, type OrderStatus, SHIPMENT_STATUS_FILTERS } from '../constants.js';

const m = adminOrderMessages;

/** The methods a payment can be logged with (spec 001 §5), with the labels the back office shows. */
export const ADMIN_PAYMENT_METHODS = [
  'check',
  'cashapp',
  'zelle',
  'venmo',
  'paypal',
  'btc',
  'eth',
  'sol',
  'usdt',
] as const;
export type AdminPaymentMethod = (typeof ADMIN_PAYMENT_METHODS)[number];
export const ADMIN_PAYMENT_METHOD_LABELS: Record<AdminPaymentMethod, string> = {
  check: 'Check',
  cashapp: 'Cash App',
  zelle: 'Zelle',
  venmo: 'Venmo',
  paypal: 'PayPal',
  btc: 'Bitcoin (BTC)',
  eth: 'Ethereum (ETH)',
  sol: 'Solana (SOL)',
  usdt: 'Tether (USDT)',
};

/** PAYOUT_REVEAL: a staff member was shown the seller's payout details in full (who and when). */
export const ACTIVITY_TYPES = [
  'PAYMENT',
  'STATUS_CHANGE',
  'IMAGE_UPLOAD',
  'EMAIL',
  'PAYOUT_REVEAL',
  // Receiving and grading (issue 40).
  'RECEIVED',
  'INSPECTION',
  'ANSWER',
  'RETURN_LABEL',
] as const;
export const ZActivityEntry = z.object({
  id: z.string(),
  /** null for entries of no particular type (notes, image deletions), as the spec allows. */
  type: z.nullable(z.enum(ACTIVITY_TYPES)),
  message: z.string(),
  timestamp: z.string(),
  amount: z.optional(z.number()),
  method: z.optional(z.string()),
  previousStatus: z.optional(z.string()),
  newStatus: z.optional(z.string()),
  details: z.optional(z.string()),
  /** Who did it: the staff member's e-mail, when known. */
  by: z.optional(z.string()),
});
export type ActivityEntry = z.infer<typeof ZActivityEntry>;

export const ZPaymentLogEntry = z.object({
  id: z.string(),
  amount: z.number(),
  method: z.string(),
  notes: z.string(),
  timestamp: z.string(),
});
export type PaymentLogEntry = z.infer<typeof ZPaymentLogEntry>;

export const ZOrderImage = z.object({
  id: z.string(),
  url: z.string(),
  filename: z.string(),
  uploaded_at: z.string(),
});
export type OrderImage = z.infer<typeof ZOrderImage>;

/** GET /api/admin/orders/{orderId}: everything spec 001 §2 shows of one order. */
export const ZAdminOrderDetail = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.string(),
  shipmentStatus: z.string(),
  customer: ZCustomerContact,
  shippingAddress: z.object({
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  items: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      quantity: z.number(),
      price: z.number(),
      lineTotal: z.number(),
    }),
  ),
  total: z.number(),
  paidAmount: z.number(),
  balanceDue: z.number(),
  paymentStatus: z.enum(['Paid', 'Pending']),
  paymentMethod: z.string(),
  paymentNotes: z.string(),
  /**
   * The seller's payout details from checkout (PayPal e-mail, cashtag, wallet...), key by key, MASKED
   * (`••••6789`, `j•••@example.com`); the reveal route answers them in full.
   */
  paymentDetails: z.record(z.string(), z.string()),
  paymentLog: z.array(ZPaymentLogEntry),
  activityLog: z.array(ZActivityEntry),
  notes: z.array(z.object({ content: z.string(), created_at: z.string() })),
  images: z.array(ZOrderImage),
  paidAt: z.nullable(z.string()),
  accessToken: z.string(),
  emailDeliveryStatus: z.nullable(z.string()),
  emailStatusUpdatedAt: z.nullable(z.string()),
  emailError: z.nullable(z.string()),
  /** The label fields kept on the order (spec 001 §3); the shipment itself comes from the label routes. */
  shippingLabelUrl: z.nullable(z.string()),
  qrCodeUrl: z.nullable(z.string()),
  labelBrokerId: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  labelError: z.nullable(z.string()),
  timeline: z.array(ZTimelineEntry),
  /** Receiving and grading: who received the box and when, and its inspection once saved. */
  received: z.optional(z.object({ at: z.string(), by: z.optional(z.string()) })),
  inspection: z.optional(ZAdminInspectionView),
});
export type AdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

export const ZAdminOrderParams = z.object({
  orderId: z.string(m.notFound).check(z.regex(ORDER_ID_PATTERN, m.notFound)),
});

/**
 * POST /api/admin/orders/{orderId}/payout-details/reveal: the payout details in full, and the order as it now
 * is (its activity log holds the reveal).
 */
export const ZRevealPayoutDetailsResponse = z.object({
  paymentDetails: z.record(z.string(), z.string()),
  order: ZAdminOrderDetail,
});
export type RevealPayoutDetailsResponse = z.infer<typeof ZRevealPayoutDetailsResponse>;

/** POST /api/admin/orders/{orderId}/status. */
export const ZSetOrderStatusRequest = z.object({ status: z.enum(ORDER_STATUSES, m.invalidStatus) });

/** What a status change did: the order as it now is, and for a completion, whether the e-mail was queued. */
export const ZSetOrderStatusResponse = z.object({
  order: ZAdminOrderDetail,
  completionEmail: z.nullable(z.object({ queued: z.boolean(), message: z.string() })),
});

/** POST /api/admin/orders/{orderId}/payments (spec 001 §5: amount at least 0.01 in steps of 0.01). */
export const ZLogPaymentRequest = z.object({
  amount: z.number(m.paymentAmountInvalid).check(
    z.gte(PAYMENT_AMOUNT_MIN, m.paymentAmount),
    z.lte(1_000_000, m.paymentAmount),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, m.paymentAmount),
  ),
  method: z.enum(ADMIN_PAYMENT_METHODS, m.paymentMethod),
  notes: z._default(
    z.string().check(z.trim(), z.maxLength(1000, m.paymentNotesTooLong), multiLine('Notes')),
    '',
  ),
});
export type LogPaymentRequest = z.infer<typeof ZLogPaymentRequest>;

/**
 * The log-payment form as typed (spec 001 §5), read into the request by the request's own rules: no amount is not
 * above zero ('Please enter a valid payment amount'); text that is not a number, or that the number field could
 * not read (it then reports an empty value and `amountUnreadable`), is 'Invalid payment amount'.
 */
export const ZLogPaymentForm = z.pipe(
  z.pipe(
    z.object({
      amount: z.string(),
      amountUnreadable: z.optional(z.boolean()),
      method: z.string(),
      notes: z.string(),
    }),
    z.transform(({ amount, amountUnreadable, method, notes }): z.input<typeof ZLogPaymentRequest> => {
      const text = amount.trim();
      // The method as typed: the request's own enum refuses one it does not know.
      const chosen = method as AdminPaymentMethod;
      return {
        amount: amountUnreadable ? Number.NaN : text === '' ? 0 : Number(text),
        method: chosen,
        notes,
      };
    }),
  ),
  ZLogPaymentRequest,
);
export type LogPaymentForm = z.input<typeof ZLogPaymentForm>;

/** POST /api/admin/orders/{orderId}/notes: trimmed, never empty. */
export const ZAddNoteRequest = z.object({
  content: z
    .string(m.noteEmpty)
    .check(z.trim(), z.minLength(1, m.noteEmpty), z.maxLength(5000, m.noteTooLong), multiLine('Note')),
});
export type AddNoteRequest = z.infer<typeof ZAddNoteRequest>;

export const ZImageUploadFile = z.object({
  filename: z.string(m.uploadFailed).check(z.minLength(1, m.uploadFailed), z.maxLength(255, m.uploadFailed)),
  contentType: z.string(m.uploadFailed),
  size: z.number(m.uploadFailed).check(z.int(m.uploadFailed), z.gte(1, m.uploadFailed)),
});

/** POST /api/admin/orders/{orderId}/images/uploads: up to 10 files, each a JPEG, PNG or WebP under 7 MB. */
export const ZCreateImageUploadsRequest = z.object({
  files: z
    .array(ZImageUploadFile, m.uploadFailed)
    .check(z.minLength(1, m.uploadFailed), z.maxLength(ORDER_IMAGE_MAX_FILES, m.maxFiles)),
});
/** One presigned POST per file: the browser posts `fields` plus the file to `url`, then confirms. */
export const ZCreateImageUploadsResponse = z.object({
  uploads: z.array(
    z.object({
      imageId: z.string(),
      filename: z.string(),
      url: z.string(),
      fields: z.record(z.string(), z.string()),
    }),
  ),
});

/** POST /api/admin/orders/{orderId}/images: the uploads to check and attach. */
export const ZConfirmImagesRequest = z.object({
  imageIds: z
    .array(z.string().check(z.regex(/^[0-9a-f-]{36}$/, m.imageNotFound)), m.uploadFailed)
    .check(z.minLength(1, m.uploadFailed), z.maxLength(ORDER_IMAGE_MAX_FILES, m.maxFiles)),
});

export const ZDeleteImageParams = z.object({
  orderId: z.string(m.notFound).check(z.regex(ORDER_ID_PATTERN, m.notFound)),
  imageId: z.string(m.imageNotFound).check(z.regex(/^[0-9a-f-]{36}$/, m.imageNotFound)),
});

export const ORDER_EMAIL_TEMPLATES = ['order_completed', 'order_confirmation'] as const;
export type OrderEmailTemplate = (typeof ORDER_EMAIL_TEMPLATES)[number];
/** POST /api/admin/orders/{orderId}/emails. */
export const ZSendOrderEmailRequest = z.object({
  template: z.enum(ORDER_EMAIL_TEMPLATES, m.invalidOrderData),
});
export const ZSendOrderEmailResponse = z.object({ message: z.string(), order: ZAdminOrderDetail });

/** Client-side checks before any upload starts (the server repeats them). */
export const isAllowedImageType = (type: string): boolean =>
  (ORDER_IMAGE_TYPES as readonly string[]).includes(type);
export const isAllowedImageSize = (bytes: number): boolean => bytes > 0 && bytes < ORDER_IMAGE_MAX_BYTES;
