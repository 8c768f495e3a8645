import * as z from 'zod/mini';
import { inspectionMessages as m } from '../messages.js';
import { REJECTION_REASONS } from '../rules/inspection.js';
import { ZOrderConfirmation, ZOrderTracking } from './order.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ANSWER_STATES = [
  'awaiting',
  'accepted',
  'return_requested',
  'auto_accepted',
  'not_needed',
] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];

const ZLineView = z.object({
  productId: z.string(),
  name: z.string(),
  /** The full price per box: the order's, or for an extra the catalogue's of the inspection day. */
  price: z.number(),
  received: z.number(),
  accepted: z.number(),
  reductions: z.array(z.object({ count: z.number(), price: z.number(), reason: z.string() })),
  rejections: z.array(z.object({ count: z.number(), reason: z.enum(REJECTION_REASONS), label: z.string() })),
  note: z.optional(z.string()),
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
  /** What this line earns. */
  due: z.number(),
});
export type InspectionLineView = z.infer<typeof ZLineView>;

/** An order's inspection as the seller and staff see it (amounts in dollars, computed by the server). */
export const ZInspectionView = z.object({
  version: z.number(),
  inspectedAt: z.string(),
  /** The original quote: the order's total at checkout. */
  quote: z.number(),
  amountDue: z.number(),
  lines: z.array(ZLineView),
  extras: z.array(ZLineView),
  answer: z.object({
    state: z.enum(ANSWER_STATES),
    /** Until when the seller may answer (awaiting); silence accepts then. */
    dueAt: z.optional(z.string()),
    answeredAt: z.optional(z.string()),
    /** What asking for the items back would bring back (returnable rejected boxes). */
    returned: z.array(z.object({ name: z.string(), count: z.number() })),
  }),
  return: z.optional(
    z.object({
      state: z.enum(['requested', 'label_bought']),
      labelUrl: z.optional(z.string()),
      trackingNumber: z.optional(z.string()),
    }),
  ),
});
export type InspectionView = z.infer<typeof ZInspectionView>;

/** The staff's view adds who inspected. */
export const ZAdminInspectionView = z.extend(ZInspectionView, { inspectedBy: z.optional(z.string()) });
export type AdminInspectionView = z.infer<typeof ZAdminInspectionView>;

/**
 * The secret link's and the tracking page's views with the inspection, once there is one (checkout's own answer
 * stays ZOrderConfirmation: its bundle carries no inspection).
 */
export const ZOrderLinkView = z.extend(ZOrderConfirmation, { inspection: z.optional(ZInspectionView) });
export type OrderLinkView = z.infer<typeof ZOrderLinkView>;
export const ZOrderTrackingView = z.extend(ZOrderTracking, { inspection: z.optional(ZInspectionView) });
export type OrderTrackingView = z.infer<typeof ZOrderTrackingView>;

/** POST /api/orders/inspection-answer: the seller's answer, with the order's secret link token. */
export const ZInspectionAnswerRequest = z.object({
  token: z.string(m.invalidToken).check(z.trim(), z.regex(UUID, m.invalidToken)),
  answer: z.enum(['accept', 'return'], m.invalidAnswer),
});
export type InspectionAnswerRequest = z.infer<typeof ZInspectionAnswerRequest>;
