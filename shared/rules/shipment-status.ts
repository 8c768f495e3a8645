import { TRACKING_STATUSES, type TrackingStatus } from '../schemas/shipment.js';

/** A carrier status as EasyPost sent it; anything this product does not know reads as unknown. */
export function trackingStatusOf(value: string | null | undefined): TrackingStatus {
  return (TRACKING_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as TrackingStatus)
    : 'unknown';
}

/**
 * The order's shipment_status (spec 001: pending, shipped, delivered; plus returned) from the carrier's
 * tracker status; null when the scan does not change it (unknown, errors).
 */
export function orderShipmentStatusFor(status: TrackingStatus): string | null {
  switch (status) {
    case 'pre_transit':
      return 'pending';
    case 'in_transit':
    case 'out_for_delivery':
    case 'available_for_pickup':
      return 'shipped';
    case 'delivered':
      return 'delivered';
    case 'return_to_sender':
    case 'returned':
      return 'returned';
    default:
      return null;
  }
}

const TRACKING_LABELS: Record<TrackingStatus, string> = {
  unknown: 'Status unknown',
  pre_transit: 'Label created, not yet scanned',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  available_for_pickup: 'Available for pickup',
  return_to_sender: 'Returning to sender',
  returned: 'Returned to sender',
  failure: 'Delivery problem',
  cancelled: 'Cancelled',
  error: 'Tracking error',
};

/** How a carrier status reads for a person. */
export const trackingStatusLabel = (status: TrackingStatus): string => TRACKING_LABELS[status];
