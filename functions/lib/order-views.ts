import { createHash } from 'node:crypto';
import { fromCents, lineTotal } from '../../shared/rules/money.js';
import { paymentStatus } from '../../shared/rules/order.js';
import { byCodeUnits } from '../../shared/rules/text-order.js';
import { ACTIVITY_TYPES, type ActivityEntry } from '../../shared/schemas/admin-orders.js';
import type { OrderConfirmation, OrderTracking } from '../../shared/schemas/order.js';
import type { OrderItem } from './entities.js';

export function toConfirmation(order: OrderItem): OrderConfirmation {
  return {
    orderId: order.order_id,
    status: order.status,
    shipmentStatus: order.shipment_status,
    customer: order.customer,
    items: orderLines(order.products),
    total: order.total_amount,
    paymentMethod: order.payment_method,
    shippingAddress: order.shipping_address,
    accessToken: order.access_token,
    createdAt: order.created_at,
  };
}

/** An amount as stored: a number, or number text from the old backend; anything else is 0. */
export const storedAmount = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};

/** A stored object field (possibly JSON text) as an object; anything else is empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A stored list (JSON text from the old backend, or a list). */
export const list = (value: unknown): unknown[] => {
  const parsed = parseJson(value);
  return Array.isArray(parsed) ? parsed : [];
};

export const record = (value: unknown): Record<string, unknown> => {
  const parsed = parseJson(value);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
};

/** The order's lines with their totals, whatever form the products were stored in. */
export function orderLines(value: unknown): OrderConfirmation['items'] {
  const parsed = parseJson(value);
  return (Array.isArray(parsed) ? parsed : []).map((raw) => {
    const line = record(raw);
    const price = storedAmount(line.price);
    const quantity = storedAmount(line.quantity);
    const name = record(line.product).name;
    return {
      productId: typeof line.productId === 'string' ? line.productId : '',
      name: typeof name === 'string' ? name : '',
      quantity,
      price,
      lineTotal: lineTotal(price, quantity),
    };
  });
}

/** JSON fields may arrive as strings (the old backend stored them so); a legacy plain-string note is one note. */
export function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export interface StoredNote {
  content: string;
  created_at: string;
  by?: string;
  internal?: boolean;
}

/** Every note as a list, whatever form it was stored in (list, JSON text, or one plain-string note). */
export function storedNotes(value: unknown, fallbackAt: string): StoredNote[] {
  const raw = parseJson(value);
  if (typeof raw === 'string') return raw.trim() ? [{ content: raw, created_at: fallbackAt }] : [];
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((n): n is StoredNote => typeof n?.content === 'string')
    .map((n) => ({ ...n, created_at: typeof n.created_at === 'string' ? n.created_at : fallbackAt }));
}

function notesOf(order: OrderItem): OrderTracking['notes'] {
  return storedNotes(order.notes, order.updated_at)
    .filter((n) => n.internal !== true)
    .map((n) => ({ content: n.content, created_at: n.created_at }));
}

export interface StoredImage {
  id: string;
  url: string;
  filename: string;
  original_name?: string;
  uploaded_at: string;
}

/**
 * A stable uuid-shaped id for an image stored before images had ids (the old list form), derived from its URL,
 * so staff can still address it (delete) and converting the list to a map keeps the same ids.
 */
export function legacyImageId(url: string): string {
  const h = createHash('sha256').update(url).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** Photos are a map by image id; older orders hold a list (or its JSON text). Oldest first. */
export function storedImages(value: unknown, fallbackAt: string): StoredImage[] {
  const raw = parseJson(value);
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  return list
    .filter((i): i is Partial<StoredImage> & { url: string } => typeof i?.url === 'string')
    .map((i) => ({
      ...i,
      id: typeof i.id === 'string' ? i.id : legacyImageId(i.url),
      filename: typeof i.filename === 'string' ? i.filename : (i.url.split('/').pop() ?? 'image'),
      uploaded_at: typeof i.uploaded_at === 'string' ? i.uploaded_at : fallbackAt,
    }))
    .sort((a, b) => byCodeUnits(a.uploaded_at, b.uploaded_at) || byCodeUnits(a.id, b.id));
}

function imagesOf(order: OrderItem): OrderTracking['images'] {
  return storedImages(order.images, order.updated_at).map((i) => ({ url: i.url, filename: i.filename }));
}

/** What the seller is owed: the inspection's amount due once there is one, else the quote (the order's total). */
export function owed(order: OrderItem): number {
  const inspection = (order as { inspection?: { amount_due_cents?: unknown } }).inspection;
  return typeof inspection?.amount_due_cents === 'number'
    ? fromCents(inspection.amount_due_cents)
    : storedAmount(order.total_amount);
}

/** The tracking view: status and payment progress, never contact or payout details. */
export function toTracking(order: OrderItem): OrderTracking {
  const log = parseJson(order.payment_log);
  return {
    orderNumber: order.order_id,
    status: order.status,
    paymentStatus: paymentStatus(order.paid_amount, owed(order)),
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

/** A stored activity log as the API shows it; entries of the old backend may lack fields. */
export function activityLogOf(value: unknown): ActivityEntry[] {
  return list(value)
    .map((e) => record(e))
    .filter((e) => typeof e.message === 'string' || typeof e.type === 'string')
    .map((e, i) => {
      const entry: ActivityEntry = {
        id: text(e.id) || `activity-${i}`,
        type: (ACTIVITY_TYPES as readonly unknown[]).includes(e.type)
          ? (e.type as ActivityEntry['type'])
          : null,
        message: text(e.message),
        timestamp: text(e.timestamp),
      };
      if (typeof e.amount === 'number') entry.amount = e.amount;
      for (const key of ['method', 'previousStatus', 'newStatus', 'details', 'by'] as const) {
        if (typeof e[key] === 'string') entry[key] = e[key];
      }
      return entry;
    });
}
