import * as z from 'zod/mini';
import { labelMessages, orderMessages } from '../messages.js';
import { UUID_PATTERN } from './common.js';
import { ZOrderByTokenQuery, ZTimelineEntry } from './order.js';

export { type TimelineEntry, ZTimelineEntry } from './order.js';

/** Order ids: 'C' plus 6 uppercase alphanumerics (spec 000 §9). */
export const ORDER_ID_PATTERN = /^C[A-Z0-9]{6}$/;

export const ZOrderIdParams = z.object({
  orderId: z
    .string(labelMessages.orderIdRequired)
    .check(z.minLength(1, labelMessages.orderIdRequired), z.regex(ORDER_ID_PATTERN, orderMessages.notFound)),
});
export type OrderIdParams = z.infer<typeof ZOrderIdParams>;

/** The seller's secret link token authorizes label calls, as it authorizes the confirmation page. */
export const ZLabelTokenBody = ZOrderByTokenQuery;
export const ZLabelTokenQuery = ZOrderByTokenQuery;

/**
 * A shipment's life: none (no label asked for yet), requested (a job is queued), purchasing (a worker holds
 * it), purchased, failed (error_message says why), expired (unused after 7 days and refunded).
 */
export const SHIPMENT_STATES = ['none', 'requested', 'purchasing', 'purchased', 'failed', 'expired'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/** EasyPost tracker statuses (the carrier's view of the box). */
export const TRACKING_STATUSES = [
  'unknown',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'available_for_pickup',
  'return_to_sender',
  'returned',
  'failure',
  'cancelled',
  'error',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** What the confirmation page, the QR page and the back office see of an order's label. */
export const ZShipmentView = z.object({
  orderId: z.string(),
  state: z.enum(SHIPMENT_STATES),
  /** The EasyPost reference printed on the label: the order id, with -2, -3... for labels made after a refund. */
  orderReference: z.string(),
  isTestMode: z.boolean(),
  labelUrl: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  qrCodeUrl: z.nullable(z.string()),
  labelBrokerId: z.nullable(z.string()),
  errorMessage: z.nullable(z.string()),
  /** True when the error is about the key, carrier account or warehouse: staff get a link to the settings. */
  configureSettings: z.boolean(),
  trackingStatus: z.nullable(z.enum(TRACKING_STATUSES)),
  purchasedAt: z.nullable(z.string()),
  /** When an unused label is refunded (purchase + 7 days). */
  labelExpiresAt: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
  timeline: z.array(ZTimelineEntry),
});
export type ShipmentView = z.infer<typeof ZShipmentView>;

/** A fresh USPS QR code for a purchased label (the QR page asks again when the image fails to load). */
export const ZQrCode = z.object({
  qrCodeUrl: z.string(),
  labelBrokerId: z.nullable(z.string()),
  orderReference: z.string(),
  isTestMode: z.boolean(),
});
export type QrCode = z.infer<typeof ZQrCode>;

/** A message on the label-jobs queue: make (or find) the label of one generation of an order's shipment. */
export const ZLabelJob = z.object({
  jobId: z.string().check(z.regex(UUID_PATTERN, 'jobId must be a UUID')),
  orderId: z.string().check(z.regex(ORDER_ID_PATTERN, 'orderId must be an order id')),
  generation: z.number().check(z.int(), z.minimum(1)),
});
export type LabelJob = z.infer<typeof ZLabelJob>;

/** The part of an EasyPost webhook Event this product reads; anything else in it is ignored. */
export const ZEasyPostEvent = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  object: z.optional(z.string()),
  description: z.string().check(z.maxLength(100)),
  result: z.optional(
    z.object({
      object: z.optional(z.string()),
      id: z.optional(z.string()),
      status: z.optional(z.string()),
      tracking_code: z.optional(z.nullable(z.string())),
      shipment_id: z.optional(z.nullable(z.string())),
      updated_at: z.optional(z.nullable(z.string())),
      tracking_details: z.optional(
        z.array(
          z.object({
            message: z.optional(z.nullable(z.string())),
            status: z.optional(z.nullable(z.string())),
            datetime: z.optional(z.nullable(z.string())),
            tracking_location: z.optional(
              z.nullable(
                z.object({
                  city: z.optional(z.nullable(z.string())),
                  state: z.optional(z.nullable(z.string())),
                }),
              ),
            ),
          }),
        ),
      ),
    }),
  ),
});
export type EasyPostEvent = z.infer<typeof ZEasyPostEvent>;

export const ZWebhookReceipt = z.object({ received: z.boolean(), duplicate: z.boolean() });

/** The server-side shipping part of the settings record (spec 001 §3): never returned by a public API. */
export const ZShippingSettings = z.object({
  /** Stored as text 'true'/'false' by the old back office. */
  easypost_use_production: z.optional(z.union([z.boolean(), z.string()])),
  carrier_id: z.optional(z.nullable(z.string())),
  warehouse_company: z.optional(z.nullable(z.string())),
  warehouse_street: z.optional(z.nullable(z.string())),
  warehouse_city: z.optional(z.nullable(z.string())),
  warehouse_state: z.optional(z.nullable(z.string())),
  warehouse_zip: z.optional(z.nullable(z.string())),
  warehouse_phone: z.optional(z.nullable(z.string())),
  /** The box a seller ships: inches and ounces. */
  shipping_parcel: z.optional(
    z.nullable(z.object({ length: z.number(), width: z.number(), height: z.number(), weight: z.number() })),
  ),
});
export type ShippingSettings = z.infer<typeof ZShippingSettings>;
export const DEFAULT_PARCEL = { length: 12, width: 9, height: 4, weight: 32 } as const;
