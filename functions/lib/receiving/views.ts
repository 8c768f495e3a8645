/** How an order's inspection reads for the seller, the back office and the payouts queue. */

import {
  type GradedLine,
  lineDueCents,
  REJECTION_REASON_LABELS,
  returnedBoxes,
} from '../../../shared/rules/inspection.js';
import { fromCents } from '../../../shared/rules/money.js';
import type { AdminInspectionView, InspectionLineView } from '../../../shared/schemas/inspection.js';
import type { ReceivingOrder } from '../../../shared/schemas/receiving.js';
import type { OrderItem } from '../entities.js';
import { orderLines, storedImages } from '../order-views.js';
import type { PayoutItem, ReceivingFields, StoredInspection } from './entities.js';

export type ReceivingOrderItem = OrderItem & ReceivingFields;

function lineView(line: GradedLine, photoUrl: (id: string) => string | undefined): InspectionLineView {
  return {
    productId: line.productId,
    name: line.name,
    price: fromCents(line.priceCents),
    received: line.received,
    accepted: line.accepted,
    reductions: line.reductions.map((r) => ({
      count: r.count,
      price: fromCents(r.priceCents),
      reason: r.reason,
    })),
    rejections: line.rejections.map((r) => ({
      count: r.count,
      reason: r.reason,
      label: REJECTION_REASON_LABELS[r.reason],
    })),
    ...(line.note ? { note: line.note } : {}),
    photos: line.photos.flatMap((id) => {
      const url = photoUrl(id);
      return url ? [{ id, url }] : [];
    }),
    due: fromCents(lineDueCents(line)),
  };
}

/**
 * The inspection as the staff see it (the seller's view is the same without `inspectedBy`); undefined before
 * the first save. Photos deleted since are left out.
 */
export function toInspectionView(order: ReceivingOrderItem): AdminInspectionView | undefined {
  const inspection = order.inspection;
  if (!inspection) return undefined;
  const photos = new Map(storedImages(order.images, order.updated_at).map((i) => [i.id, i.url]));
  const photoUrl = (id: string) => photos.get(id);
  const answer = order.inspection_answer ?? { state: 'not_needed' as const };
  const ret = order.return_shipment;
  return {
    version: inspection.version,
    inspectedAt: inspection.inspected_at,
    ...(inspection.inspected_by ? { inspectedBy: inspection.inspected_by } : {}),
    quote: fromCents(inspection.quote_cents),
    amountDue: fromCents(inspection.amount_due_cents),
    lines: inspection.lines.map((l) => lineView(l, photoUrl)),
    extras: inspection.extras.map((l) => lineView(l, photoUrl)),
    answer: {
      state: answer.state,
      ...(answer.due_at ? { dueAt: answer.due_at } : {}),
      ...(answer.answered_at ? { answeredAt: answer.answered_at } : {}),
      returned: returnedBoxes(inspection).map(({ name, count }) => ({ name, count })),
    },
    ...(ret
      ? {
          return: {
            state: ret.state,
            ...(ret.label_url ? { labelUrl: ret.label_url } : {}),
            ...(ret.tracking_number ? { trackingNumber: ret.tracking_number } : {}),
          },
        }
      : {}),
  };
}

/** The seller's view: the staff's without who inspected. */
export function toPublicInspectionView(order: ReceivingOrderItem) {
  const view = toInspectionView(order);
  if (!view) return undefined;
  const { inspectedBy: _, ...rest } = view;
  return rest;
}

/** When the box arrived: the carrier's 'delivered' scan, else its receipt at the packing table. */
export function arrivedAt(order: ReceivingOrderItem): string | undefined {
  const delivered = deliveredAt(order);
  return delivered ?? order.received_at;
}

/** The carrier's first 'delivered' scan, if any. */
export function deliveredAt(order: OrderItem): string | undefined {
  return (order.shipping_timeline ?? []).find((e) => e.kind === 'tracking' && e.status === 'delivered')?.at;
}

/** The payouts queue's row of an order about to become (or stay) payable. */
export function payoutItemFor(
  order: ReceivingOrderItem,
  inspection: StoredInspection,
  answer: PayoutItem['answer'],
  payableAt: string,
  key: { pk: string; sk: string },
): PayoutItem {
  return {
    ...key,
    order_id: order.order_id,
    customer_name: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
    email: order.customer.email,
    quote_cents: inspection.quote_cents,
    amount_due_cents: inspection.amount_due_cents,
    payment_method: order.payment_method,
    payable_at: payableAt,
    arrived_at: arrivedAt(order) ?? payableAt,
    answer,
    inspection_version: inspection.version,
  };
}

/** What the packing table shows of an order (the receiving routes' and the return label's answer). */
export function toReceivingOrder(order: ReceivingOrderItem): ReceivingOrder {
  const delivered = deliveredAt(order);
  const inspection = toInspectionView(order);
  return {
    orderId: order.order_id,
    createdAt: order.created_at,
    status: order.status,
    shipmentStatus: order.shipment_status,
    customer: {
      name: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
      email: order.customer.email,
      phone: order.customer.phone,
    },
    shippingAddress: order.shipping_address,
    items: orderLines(order.products).map(({ productId, name, quantity, price }) => ({
      productId,
      name,
      quantity,
      price,
    })),
    total: order.total_amount,
    ...(order.tracking_number ? { trackingNumber: order.tracking_number } : {}),
    ...(delivered ? { deliveredAt: delivered } : {}),
    ...(order.received_at
      ? { received: { at: order.received_at, ...(order.received_by ? { by: order.received_by } : {}) } }
      : {}),
    ...(inspection ? { inspection } : {}),
    photos: storedImages(order.images, order.updated_at).map((i) => ({
      id: i.id,
      url: i.url,
      filename: i.filename,
    })),
  };
}
