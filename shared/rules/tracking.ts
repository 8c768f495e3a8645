import { trackingMessages } from '../messages.js';
import type { PaymentStatus } from './order.js';

/** The seller-facing progress of an order, in order. */
export const TRACKING_STEPS = ['Order placed', 'Shipment received', 'Evaluated', 'Paid'] as const;
export type TrackingStepLabel = (typeof TRACKING_STEPS)[number];
export type TrackingStepState = 'complete' | 'current' | 'upcoming' | 'cancelled';

export interface TrackingStep {
  label: TrackingStepLabel;
  state: TrackingStepState;
}

export type TrackingTone = 'pending' | 'processing' | 'completed' | 'cancelled' | 'other';

export interface TrackingCopy {
  tone: TrackingTone;
  title: string;
  description: string;
}

const normalise = (status: string): string => status.trim().toLowerCase();

/** Staff cancelled the order: no step is in progress, no label is bought for it, and no box is expected. */
export const isCancelledStatus = (status: string): boolean => {
  const s = normalise(status);
  return s === 'cancelled' || s === 'canceled';
};

/** 'in transit' reads 'In transit'; an empty status reads 'Unknown'. */
export const orderStatusLabel = (status: string): string => {
  const s = status.trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : 'Unknown';
};

/** Title and description per status (spec 000 §2): pending, processing and completed have their own copy. */
export function trackingCopy(status: string): TrackingCopy {
  const t = trackingMessages;
  switch (normalise(status)) {
    case 'pending':
      return { tone: 'pending', title: t.pendingTitle, description: t.pendingText };
    case 'processing':
      return { tone: 'processing', title: t.processingTitle, description: t.processingText };
    case 'completed':
      return { tone: 'completed', title: t.completedTitle, description: t.completedText };
    case 'cancelled':
    case 'canceled':
      return { tone: 'cancelled', title: t.cancelledTitle, description: t.cancelledText };
    default:
      return { tone: 'other', title: t.otherTitle, description: t.otherText(orderStatusLabel(status)) };
  }
}

/**
 * Steps already behind the order, by status. Staff may set any status (spec 001), so unknown ones count as
 * just placed; 'shipped' is on its way to us, 'delivered' has arrived.
 */
const STEPS_DONE: Record<string, number> = {
  pending: 1,
  shipped: 1,
  delivered: 2,
  processing: 2,
  completed: 4,
};

/**
 * The progress indicator: done steps, then the current one, then those to come. Paid always means done. A
 * cancelled order has nothing in progress: past the placed order, every step reads cancelled.
 */
export function trackingSteps(status: string, paymentStatus: PaymentStatus): TrackingStep[] {
  const done = paymentStatus === 'Paid' ? TRACKING_STEPS.length : (STEPS_DONE[normalise(status)] ?? 1);
  const cancelled = paymentStatus !== 'Paid' && isCancelledStatus(status);
  return TRACKING_STEPS.map((label, index) => ({
    label,
    state: index < done ? 'complete' : cancelled ? 'cancelled' : index === done ? 'current' : 'upcoming',
  }));
}
