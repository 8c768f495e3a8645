import { lineTotal } from '../../shared/rules/money.js';
import { paymentStatus } from '../../shared/rules/order.js';
import type { OrderConfirmation, OrderTracking } from '../../shared/schemas/order.js';
import type { OrderItem } from '../lib/entities.js';

export function toConfirmation(order: OrderItem): OrderConfirmation {
  return {
    orderId: order.order_id,
    status: order.status,
    shipmentStatus: order.shipment_status,
    customer: order.customer,
    items: order.products.map((p) => ({
      productId: p.productId,
      name: p.product.name,
      quantity: p.quantity,
      price: p.price,
      lineTotal: lineTotal(p.price, p.quantity),
    })),
    total: order.total_amount,
    paymentMethod: order.payment_method,
    shippingAddress: order.shipping_address,
    accessToken: order.access_token,
    createdAt: order.created_at,
  };
}

/** JSON fields may arrive as strings (the old backend stored them so); a legacy plain-string note is one note. */
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function notesOf(order: OrderItem): OrderTracking['notes'] {
  const raw = parseJson(order.notes);
  if (typeof raw === 'string') return raw.trim() ? [{ content: raw, created_at: order.updated_at }] : [];
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (n): n is { content: string; created_at?: string; internal?: boolean } =>
        typeof n?.content === 'string',
    )
    .filter((n) => n.internal !== true)
    .map((n) => ({ content: n.content, created_at: n.created_at ?? order.updated_at }));
}

function imagesOf(order: OrderItem): OrderTracking['images'] {
  const raw = parseJson(order.images);
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  return list
    .filter((i): i is { url: string; filename?: string } => typeof i?.url === 'string')
    .map((i) => ({ url: i.url, filename: i.filename ?? i.url.split('/').pop() ?? 'image' }));
}

/** The tracking view: status and payment progress, never contact or payout details. */
export function toTracking(order: OrderItem): OrderTracking {
  const log = parseJson(order.payment_log);
  return {
    orderNumber: order.order_id,
    status: order.status,
    paymentStatus: paymentStatus(order.paid_amount, order.total_amount),
    createdAt: order.created_at,
    total: order.total_amount,
    paymentLog: (Array.isArray(log) ? log : [])
      .filter(
        (e): e is { timestamp: string; method?: string; amount?: number } => typeof e?.timestamp === 'string',
      )
      .map((e) => ({
        timestamp: e.timestamp,
        method: e.method ?? '',
        ...(typeof e.amount === 'number' ? { amount: e.amount } : {}),
      })),
    notes: notesOf(order),
    images: imagesOf(order),
    timeline: order.shipping_timeline ?? [],
  };
}
