import { fromCents, toCents } from '../../shared/rules/money.js';
import { paymentStatus } from '../../shared/rules/order.js';
import type { AdminOrderDetail, PaymentLogEntry } from '../../shared/schemas/admin-orders.js';
import type { OrderItem } from './entities.js';
import {
  activityLogOf,
  list,
  orderLines,
  owed,
  record,
  storedAmount,
  storedImages,
  storedNotes,
  text,
} from './order-views.js';
import { maskedPayoutDetails } from './payout-details.js';
import { type ReceivingOrderItem, toInspectionView } from './receiving/views.js';

const nullableText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A stored list entry (payment or activity log) as the API shows it; entries of the old backend may lack fields. */
export function paymentLogOf(value: unknown): PaymentLogEntry[] {
  return list(value)
    .map((e) => record(e))
    .filter((e) => typeof e.timestamp === 'string')
    .map((e, i) => ({
      id: text(e.id) || `payment-${i}`,
      amount: storedAmount(e.amount),
      method: text(e.method),
      notes: text(e.notes),
      timestamp: e.timestamp as string,
    }));
}

/** Everything the order detail shows (spec 001 §2-3); JSON fields stored as text are parsed. */
export function toAdminDetail(order: OrderItem): AdminOrderDetail {
  const total = storedAmount(order.total_amount);
  const paid = storedAmount(order.paid_amount);
  const customer = record(order.customer);
  const address = record(order.shipping_address);
  return {
    orderId: order.order_id,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    status: order.status,
    shipmentStatus: text(order.shipment_status) || 'pending',
    customer: {
      firstName: text(customer.firstName),
      lastName: text(customer.lastName),
      email: text(customer.email),
      phone: text(customer.phone),
    },
    shippingAddress: {
      address: text(address.address),
      city: text(address.city),
      state: text(address.state),
      zipCode: text(address.zipCode),
    },
    items: orderLines(order.products),
    total,
    paidAmount: paid,
    // Once inspected, what is owed is the amount due, not the quote.
    balanceDue: fromCents(Math.max(0, toCents(owed(order)) - toCents(paid))),
    paymentStatus: paymentStatus(paid, owed(order)),
    paymentMethod: text(order.payment_method),
    paymentNotes: text(order.payment_notes),
    // Masked: this route has no use of the key; the full values come only from the reveal route, which logs it.
    paymentDetails: maskedPayoutDetails(order.payment_details, order.payment_details_masked),
    paymentLog: paymentLogOf(order.payment_log),
    activityLog: activityLogOf(order.activity_log),
    notes: storedNotes(order.notes, order.updated_at).map((n) => ({
      content: n.content,
      created_at: n.created_at,
    })),
    images: storedImages(order.images, order.updated_at).map((i) => ({
      id: i.id,
      url: i.url,
      filename: i.filename,
      uploaded_at: i.uploaded_at,
    })),
    paidAt: nullableText(order.paid_at),
    accessToken: text(order.access_token),
    emailDeliveryStatus: nullableText(order.email_delivery_status),
    emailStatusUpdatedAt: nullableText(order.email_status_updated_at),
    emailError: nullableText(order.email_error),
    shippingLabelUrl: nullableText(order.shipping_label_url),
    qrCodeUrl: nullableText(order.qr_code_url),
    labelBrokerId: nullableText(order.label_broker_id),
    trackingNumber: nullableText(order.tracking_number),
    labelError: nullableText(order.label_error),
    timeline: Array.isArray(order.shipping_timeline) ? order.shipping_timeline : [],
    ...receivingPart(order),
  };
}

/** Who received the box and when, and its inspection, once there are. */
function receivingPart(order: ReceivingOrderItem): Pick<AdminOrderDetail, 'received' | 'inspection'> {
  const inspection = toInspectionView(order);
  return {
    ...(order.received_at
      ? { received: { at: order.received_at, ...(order.received_by ? { by: order.received_by } : {}) } }
      : {}),
    ...(inspection ? { inspection } : {}),
  };
}
