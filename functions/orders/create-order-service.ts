import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  CHECKOUT_LIMIT_PER_EMAIL,
  CHECKOUT_LIMIT_PER_IP,
  CHECKOUT_WINDOW_MINUTES,
  MAX_LINE_QUANTITY,
  PUBLIC_CUSTOMER_ID,
} from '../../shared/constants.js';
import { checkoutMessages, payoutMessages } from '../../shared/messages.js';
import { generateOrderId, sumLines } from '../../shared/rules/order.js';
import { enabledPayoutMethods } from '../../shared/rules/payout.js';
import { readPaymentMethods } from '../../shared/rules/settings.js';
import { byCodeUnits } from '../../shared/rules/text-order.js';
import type { CreateOrderRequest } from '../../shared/schemas/checkout.js';
import type { OrderConfirmation } from '../../shared/schemas/order.js';
import type { PaymentMethods } from '../../shared/schemas/settings.js';
import { type OrderItem, order as orderEntity, type ProductItem } from '../lib/entities.js';
import { AppError, validationError } from '../lib/errors.js';
import { toConfirmation } from '../lib/order-views.js';
import { configuredPayoutSealer, type PayoutSealer } from '../lib/payout-crypto.js';
import { maskPayoutDetails } from '../lib/payout-details.js';
import { type Limit, refusedSlots, scopeOf, slotWrite } from '../lib/rate-limit.js';
import {
  getIdempotencyRecord,
  getOrder,
  type IdempotencyRecord,
  OrderTransactionConflict,
  readForCheckout,
  writeNewOrder,
} from './order-repository.js';

const MAX_ATTEMPTS = 6;
const m = checkoutMessages;

/**
 * Stable across key order, so the same checkout always hashes alike. Keys sort by code unit: the request's
 * field names (all parsed, lower camel case) fall in the same order as they did under localeCompare, so stored
 * hashes still match, and a cold start loads no collation data.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => byCodeUnits(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
export const requestHash = (request: CreateOrderRequest): string =>
  createHash('sha256').update(canonical(request)).digest('hex');

/** The earlier answer to the same key, or a refusal when the key came with a different body. */
async function replay(
  key: string,
  hash: string,
  record: IdempotencyRecord | null,
): Promise<OrderConfirmation | null> {
  if (!record) return null;
  if (record.request_hash !== hash) throw new AppError('conflict', m.idempotencyMismatch);
  const order = await getOrder(record.order_id);
  if (!order) throw new Error(`Idempotency record ${key} points to missing order ${record.order_id}`);
  return toConfirmation(order);
}

function checkPayoutMethod(method: string, methods: PaymentMethods): void {
  const enabled = enabledPayoutMethods(methods);
  if (enabled.traditional.length + enabled.crypto.length === 0) {
    throw validationError(payoutMessages.noneAvailable, { 'payout.method': payoutMessages.noneAvailable });
  }
  if (![...enabled.traditional, ...enabled.crypto].includes(method as never)) {
    throw validationError(m.payoutMethodUnavailable, { 'payout.method': m.payoutMethodUnavailable });
  }
}

/** The request's lines, one per product (ids in lower case), quantities added up. */
function mergeLines(request: CreateOrderRequest): Map<string, number> {
  const merged = new Map<string, number>();
  for (const line of request.items) {
    const id = line.productId.toLowerCase();
    merged.set(id, (merged.get(id) ?? 0) + line.quantity);
  }
  // Lines of one product are merged, so their sum must stay within the bound each line already respects.
  if ([...merged.values()].some((quantity) => quantity > MAX_LINE_QUANTITY)) {
    throw validationError(m.quantity, { items: m.quantity });
  }
  return merged;
}

/** Prices and names from the catalogue now; unknown and out-of-stock products are refused by name. */
function priceLines(merged: Map<string, number>, products: Map<string, ProductItem>): OrderItem['products'] {
  const unknown = [...merged.keys()].filter((id) => !products.has(id));
  if (unknown.length) throw validationError(m.productUnknown, { items: m.productUnknown });
  const unavailable = [...merged.keys()].map((id) => products.get(id)!).filter((p) => p.instock === false);
  if (unavailable.length) {
    const message = m.productUnavailable(unavailable.map((p) => p.name).join(', '));
    throw validationError(message, { items: message });
  }
  return [...merged].map(([id, quantity]) => {
    const p = products.get(id)!;
    return { productId: id, quantity, price: p.buybackprice, product: { name: p.name } };
  });
}

function payoutDetails(payout: CreateOrderRequest['payout']): Record<string, string> {
  const { method: _method, ...details } = payout as Record<string, string>;
  return details;
}

async function buildOrder(
  request: CreateOrderRequest,
  key: string,
  lines: OrderItem['products'],
  now: Date,
  crypto: PayoutSealer,
): Promise<OrderItem> {
  const at = now.toISOString();
  const orderId = generateOrderId((n) => randomInt(n));
  const details = payoutDetails(request.payout);
  return {
    ...orderEntity.key(orderId),
    entity: 'order',
    order_id: orderId,
    order_number: orderId,
    customer_id: PUBLIC_CUSTOMER_ID,
    status: 'pending',
    shipment_status: 'pending',
    customer: {
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      phone: request.phone,
    },
    products: lines,
    total_amount: sumLines(lines),
    paid_amount: 0,
    payment_method: request.payout.method,
    // Sealed under this order's id: the stored value never holds a number or handle in clear. A check has no
    // details, so nothing to seal and no KMS call.
    payment_details: Object.keys(details).length > 0 ? await crypto.encrypt(orderId, details) : {},
    payment_details_masked: maskPayoutDetails(details),
    shipping_address: {
      address: request.address,
      city: request.city,
      state: request.state,
      zipCode: request.zipCode,
    },
    access_token: randomUUID(),
    attestation: { accepted: true, accepted_at: at },
    payment_log: [],
    notes: [],
    images: {},
    activity_log: [],
    created_at: at,
    updated_at: at,
    idempotency_key: key,
  };
}

/** A handful of orders an hour per checkout e-mail and per client IP. */
export const checkoutLimits = (email: string, ip: string): Limit[] => [
  {
    scope: scopeOf('checkout', 'email', email),
    max: CHECKOUT_LIMIT_PER_EMAIL,
    windowMinutes: CHECKOUT_WINDOW_MINUTES,
  },
  {
    scope: scopeOf('checkout', 'ip', ip),
    max: CHECKOUT_LIMIT_PER_IP,
    windowMinutes: CHECKOUT_WINDOW_MINUTES,
  },
];

/**
 * Checkout: validated input in, one order out, in one read and one write. The read (one BatchGetItem) brings
 * an earlier answer to the same Idempotency-Key, the settings and the products; the write (one
 * TransactWriteItems) is the order with everything it owes, and a slot of each of the client's checkout limits
 * (429 when one is used up, nothing written). The same key with the same body answers the same order, even past
 * the limit; with another body it is refused. Concurrent duplicates race on the idempotency record's condition:
 * one order and one slot each, and the loser answers the winner's order.
 */
export async function createOrder(
  request: CreateOrderRequest,
  key: string,
  ip: string,
  now: Date,
): Promise<{ created: boolean; order: OrderConfirmation }> {
  const hash = requestHash(request);
  const merged = mergeLines(request);
  const read = await readForCheckout(key, [...merged.keys()]);
  const earlier = await replay(key, hash, read.earlier);
  if (earlier) return { created: false, order: earlier };

  const lines = priceLines(merged, read.products);
  checkPayoutMethod(request.payout.method, readPaymentMethods(read.settings));
  const limits = checkoutLimits(request.email, ip);
  const crypto = await configuredPayoutSealer();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const order = await buildOrder(request, key, lines, now, crypto);
    try {
      // The confirmation e-mail is owed in the same transaction (an outbox record): nothing to queue here.
      await writeNewOrder(order, hash, now, { extra: limits.map((limit) => slotWrite(limit, now)) });
      return { created: true, order: toConfirmation(order) };
    } catch (error) {
      if (!(error instanceof OrderTransactionConflict)) throw error;
      if (error.conflict === 'idempotency') {
        const winner = await replay(key, hash, await getIdempotencyRecord(key));
        if (winner) return { created: false, order: winner };
      }
      // A limit used up answers 429; a window that had ended was restarted, and the order is written again.
      if (error.conflict === 'slots') await refusedSlots(limits, error.extraReasons, now, m.tooMany);
      // An order id collision or a conflicting concurrent write: back off briefly and try a fresh id.
      else await new Promise((resolve) => setTimeout(resolve, 20 * attempt + randomInt(30)));
    }
  }
  throw new Error(`Could not write the order after ${MAX_ATTEMPTS} attempts`);
}
