import * as z from 'zod/mini';
import { lookupMessages, orderMessages } from '../messages.js';
import { UUID_PATTERN } from './common.js';
import { singleLine } from './text.js';

export const ZAddress = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

export const ZOrderItem = z.object({
  productId: z.string(),
  name: z.string(),
  quantity: z.number(),
  /** Unit price from the catalogue when the order was placed. */
  price: z.number(),
  lineTotal: z.number(),
});

/** The seller's contact details on an order. */
export const ZCustomerContact = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** The confirmation view: what the seller sees after checkout or through the secret link. */
export const ZOrderConfirmation = z.object({
  orderId: z.string(),
  status: z.string(),
  shipmentStatus: z.string(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
  items: z.array(ZOrderItem),
  total: z.number(),
  paymentMethod: z.string(),
  shippingAddress: ZAddress,
  accessToken: z.string(),
  createdAt: z.string(),
});
export type OrderConfirmation = z.infer<typeof ZOrderConfirmation>;

/** Bounded here; its UUID form is checked by the Lambda after the attempt is logged (every attempt is). */
export const ZOrderByTokenQuery = z.object({
  token: z
    .string(orderMessages.noToken)
    .check(z.minLength(1, orderMessages.noToken), z.maxLength(100, orderMessages.invalidToken)),
});
export const isAccessToken = (token: string): boolean => UUID_PATTERN.test(token);

export const ZOrderLookupRequest = z.object({
  orderNumber: z.string(lookupMessages.required).check(
    z.trim(),
    z.minLength(1, lookupMessages.required),
    z.maxLength(20, lookupMessages.notFound),
    z.overwrite((v) => v.toUpperCase()),
  ),
  email: z
    .string(lookupMessages.required)
    .check(z.trim(), z.minLength(1, lookupMessages.required), z.maxLength(254), singleLine('Email')),
});
export type OrderLookupRequest = z.infer<typeof ZOrderLookupRequest>;

/** One line of an order's shipping timeline: label events and carrier scans, newest last. */
export const ZTimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(['label', 'tracking']),
  status: z.string(),
  message: z.string(),
  location: z.nullable(z.string()),
});
export type TimelineEntry = z.infer<typeof ZTimelineEntry>;

/** The tracking view (spec 000 §3): no contact or payout details, only what the seller needs to follow up. */
export const ZOrderTracking = z.object({
  orderNumber: z.string(),
  status: z.string(),
  paymentStatus: z.enum(['Paid', 'Pending']),
  createdAt: z.string(),
  total: z.number(),
  paymentLog: z.array(
    z.object({ timestamp: z.string(), method: z.string(), amount: z.optional(z.number()) }),
  ),
  notes: z.array(z.object({ content: z.string(), created_at: z.string() })),
  images: z.array(z.object({ url: z.string(), filename: z.string() })),
  /** Label events and carrier scans, oldest first. */
  timeline: z.array(ZTimelineEntry),
});
export type OrderTracking = z.infer<typeof ZOrderTracking>;
