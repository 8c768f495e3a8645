/**
 * Every kind of item the one table holds, declared once: its primary key, the index keys it carries and its
 * stored type (docs/data-model.md lists the access patterns each serves). Repositories, the local seed and the
 * test helpers build keys from here only, never from template strings of their own. Plain functions rather
 * than a modelling library: the whole module adds a few hundred bytes to a bundle, far less than the libraries
 * weighed (docs/performance.md, "Bundles"), and the expressions stay the SDK's own.
 */
import { createHash } from 'node:crypto';
import type { ShipmentState, TimelineEntry, TrackingStatus } from '../../shared/schemas/shipment.js';
import {
  ByStatusIndex,
  ChangesIndex,
  CollectionIndex,
  OrderListIndex,
  TABLE_PARTITIONS as P,
} from '../../shared/table-keys.js';
import type { PayoutEnvelope } from './payout-details.js';

export interface TableKey {
  pk: string;
  sk: string;
}

/**
 * The changes index's keys of an item. Every write that changes `updated_at` of a customer or a ticket sets
 * `gsi5sk` with it (see `CHANGE_TOUCH`), so the list caches learn of the change.
 */
const changeIndex = (partition: ChangesIndex, updatedAt: string, id: string) => ({
  gsi5pk: partition,
  gsi5sk: `${updatedAt}#${id}`,
});

/** The `SET` part of a customer or ticket write for its change time; `:at` and `:changeSort` are its values. */
export const CHANGE_TOUCH = 'updated_at = :at, gsi5pk = :changePk, gsi5sk = :changeSort';
/** The `ADD` part of every customer write (see `CustomerItem.revision`); `customer.touchValues` has its value. */
export const CUSTOMER_REVISION = 'revision :revisionStep';

// ---------------------------------------------------------------------------------------------------- orders

export interface OrderCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface OrderLine {
  productId: string;
  quantity: number;
  price: number;
  product: { name: string };
}

/** The stored order (spec 000 §3 and 001 §3 names). */
export interface OrderItem {
  pk: string;
  sk: 'ORDER';
  entity: 'order';
  order_id: string;
  order_number: string;
  customer_id: string;
  status: string;
  shipment_status: string;
  customer: OrderCustomer;
  products: OrderLine[];
  total_amount: number;
  paid_amount: number;
  payment_method: string;
  payment_notes?: string;
  /**
   * The seller's payout details: encrypted field by field (functions/lib/payout-crypto.ts) on every order
   * written since; a legacy order holds them in plaintext (a map, or its JSON text), read as they are.
   */
  payment_details: PayoutEnvelope | Record<string, string> | string;
  /** The same details masked (`••••6789`, `j•••@example.com`), for the order detail without the key. */
  payment_details_masked?: Record<string, string>;
  shipping_address: { address: string; city: string; state: string; zipCode: string };
  access_token: string;
  attestation: { accepted: true; accepted_at: string };
  payment_log: unknown;
  /** Notes (array, or a legacy JSON string or plain string). */
  notes: unknown;
  /** Photos by image id (a map, spec 000 §3); older orders hold a list. */
  images: unknown;
  activity_log: unknown;
  paid_at?: string;
  email_delivery_status?: string;
  email_status_updated_at?: string;
  email_error?: string;
  /** Label events and carrier scans, oldest first (functions/labels). */
  shipping_timeline?: TimelineEntry[];
  shipping_label_url?: string;
  qr_code_url?: string;
  label_broker_id?: string;
  tracking_number?: string | null;
  label_error?: string;
  created_at: string;
  updated_at: string;
  idempotency_key: string;
  /** Set instead of deleting, so the orders list cache learns of it (deletes are soft). */
  deleted_at?: string;
}

/**
 * The attributes the orderList index projects: exactly the orders list's columns (and what search reads).
 * Keep in step with `toListEntry` in functions/admin-orders/order-list.ts.
 */
export const ORDER_LIST_ATTRIBUTES = [
  'order_id',
  'created_at',
  'updated_at',
  'status',
  'shipment_status',
  'customer',
  'total_amount',
  'paid_amount',
  'payment_method',
  'deleted_at',
] as const;
export type OrderListItem = Pick<OrderItem, (typeof ORDER_LIST_ATTRIBUTES)[number]>;

export const order = {
  key: (orderId: string) => ({ pk: `${P.order}${orderId}`, sk: 'ORDER' as const }),
  /** collection (newest first), byStatus (one status, newest first), byCustomer, orderList (by last change). */
  indexes: (o: Pick<OrderItem, 'order_id' | 'created_at' | 'updated_at' | 'status' | 'customer'>) => ({
    gsi1pk: CollectionIndex.orders,
    gsi1sk: `${o.created_at}#${o.order_id}`,
    ...order.statusIndex(o.status, o.created_at, o.order_id),
    gsi3pk: customer.key(o.customer.email).pk,
    gsi3sk: o.created_at,
    ...order.listIndex(o.updated_at, o.order_id),
  }),
  /** byStatus: moves with every status change. */
  statusIndex: (status: string, createdAt: string, orderId: string) => ({
    gsi2pk: `${ByStatusIndex.orderStatus}${status}`,
    gsi2sk: `${createdAt}#${orderId}`,
  }),
  /**
   * orderList: every write that changes `updated_at` moves the order here too, so the list's cache can read
   * only what changed since its last read.
   */
  listIndex: (updatedAt: string, orderId: string) => ({
    gsi4pk: OrderListIndex.orders,
    gsi4sk: `${updatedAt}#${orderId}`,
  }),
  collectionPartition: CollectionIndex.orders,
  listPartition: OrderListIndex.orders,
} as const;

/**
 * The `SET` part every order write uses for its change time: `updated_at` and the orderList sort key together.
 * `:at` and `:listSort` go into the expression's values (see `touchValues`).
 */
export const ORDER_TOUCH = 'updated_at = :at, gsi4sk = :listSort';
export const touchValues = (orderId: string, at: string) => ({
  ':at': at,
  ':listSort': order.listIndex(at, orderId).gsi4sk,
});

/** The secret link's pointer to its order (order transaction). */
export const orderToken = {
  key: (token: string) => ({ pk: `${P.orderToken}${token}`, sk: 'TOKEN' }),
};

/** Checkout idempotency record (request hash → order id), 7 days. */
export const checkoutIdempotency = {
  key: (idempotencyKey: string) => ({ pk: `${P.checkoutIdempotency}${idempotencyKey}`, sk: 'IDEMPOTENCY' }),
};

/** Order link access log (token, success, IP, time), 90 days. */
export const accessLog = {
  key: (token: string, at: string, id: string) => ({
    pk: `${P.accessLog}${token.slice(0, 100)}`,
    sk: `${at}#${id}`,
  }),
};

/**
 * One per-client limit's current window (functions/lib/rate-limit.ts): `count` hits until `window_end` (epoch
 * ms); the window opens at its first hit. Expired by TTL.
 */
export const rateLimit = {
  key: (scope: string) => ({ pk: `${P.rateLimit}${scope}`, sk: 'WINDOW' as const }),
};

// ------------------------------------------------------------------------------------------------- shipments

/**
 * An order's current label (spec 000 §3 "Shipment"), beside its order so one Query reads both. `label_state` is
 * the lifecycle (`state` is the seller's US state, as in the spec).
 */
export interface ShipmentItem {
  pk: string;
  sk: 'SHIPMENT';
  entity: 'shipment';
  order_id: string;
  /** The stored lifecycle ('none' is only the view of an order without a shipment). */
  label_state: Exclude<ShipmentState, 'none'>;
  generation: number;
  /** EasyPost reference: the order id, then `<orderId>-2`... for later generations. */
  reference: string;
  /** Bumped by every write: requests are conditional on the version they read. */
  version: number;
  job_id: string;
  lease_until?: string;
  attempts?: number;
  easypost_shipment_id?: string;
  label_url?: string;
  tracking_number?: string;
  qr_code_url?: string;
  label_broker_id?: string;
  is_test_mode?: boolean;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  error_message?: string;
  configure_settings?: boolean;
  qr_error?: string;
  tracking_status?: TrackingStatus;
  tracking_updated_at?: string;
  purchased_at?: string;
  label_expires_at?: string;
  refund_status?: string;
  requested_at: string;
  created_at: string;
  updated_at: string;
}

export const shipment = {
  key: (orderId: string) => ({ pk: order.key(orderId).pk, sk: 'SHIPMENT' as const }),
  /** collection: the EasyPost shipment id, for webhook events. */
  easypostIndex: (easypostShipmentId: string) => ({
    gsi1pk: `${CollectionIndex.easypostShipment}${easypostShipmentId}`,
    gsi1sk: 'SHIPMENT',
  }),
  /** byStatus: purchased labels with no carrier scan yet, oldest first (the daily refund). */
  unusedIndex: (purchasedAt: string, orderId: string) => ({
    gsi2pk: shipment.unusedPartition,
    gsi2sk: `${purchasedAt}#${orderId}`,
  }),
  unusedPartition: ByStatusIndex.unusedLabels,
} as const;

/** A tracker event applied once, 30 days. */
export const easypostEvent = {
  key: (eventId: string) => ({ pk: `${P.easypostEvent}${eventId}`, sk: 'EVENT' }),
};

// ------------------------------------------------------------------------------------------------- customers

/** A seller as the back office sees them: profile and aggregates kept by every order write. */
export interface CustomerItem {
  pk: string;
  sk: 'PROFILE';
  entity: 'customer';
  /** `customer.idOf(email)`: the id the back office's URLs use. */
  id: string;
  email: string;
  name: string;
  phone: string;
  address: { street: string; city: string; state: string; zip: string };
  total_orders: number;
  total_amount: number;
  first_order_date: string;
  last_order_date: string;
  created_at: string;
  updated_at: string;
  /**
   * Bumped (ADD) by every write to the record, so the list's cache can tell the newer of two versions: two
   * checkouts by the same e-mail can commit in the other order than their `updated_at` says.
   */
  revision?: number;
}

export const customer = {
  /**
   * A customer's id: derived from the lower-case e-mail (so checkout finds the record without a lookup), opaque
   * so that no e-mail address appears in a URL, a key or a log line.
   */
  idOf: (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32),
  key: (email: string) => customer.keyById(customer.idOf(email)),
  keyById: (id: string) => ({ pk: `${P.customer}${id}`, sk: 'PROFILE' as const }),
  /** changes: by last change, for the customers list's cache (keyed by the opaque id, never the e-mail). */
  changeIndex: (updatedAt: string, email: string) =>
    customer.changeIndexById(updatedAt, customer.idOf(email)),
  changeIndexById: (updatedAt: string, id: string) => changeIndex(ChangesIndex.customers, updatedAt, id),
  /** The values `CHANGE_TOUCH` and `CUSTOMER_REVISION` need. */
  touchValues: (email: string, at: string) => customer.touchValuesById(customer.idOf(email), at),
  touchValuesById: (id: string, at: string) => {
    const keys = customer.changeIndexById(at, id);
    return { ':at': at, ':changePk': keys.gsi5pk, ':changeSort': keys.gsi5sk, ':revisionStep': 1 };
  },
  changesPartition: ChangesIndex.customers,
  /** collection: newest last order first. */
  indexes: (lastOrderAt: string, email: string) => ({
    gsi1pk: CollectionIndex.customers,
    gsi1sk: `${lastOrderAt}#${customer.idOf(email)}`,
  }),
  collectionPartition: CollectionIndex.customers,
} as const;

// -------------------------------------------------------------------------------------------------- products

/** Stored names are lower case, as the spec's stored form; the API shape is camelCase. */
export interface ProductItem {
  pk: string;
  sk: 'PRODUCT';
  gsi1pk: CollectionIndex.catalogue;
  gsi1sk: string;
  entity: 'product';
  id: string;
  productid: number;
  name: string;
  brand: string;
  buybackprice: number;
  imageurl?: string | null;
  producttype: string;
  expirationmonths?: number | null;
  boxcount?: number | null;
  description?: string | null;
  instock?: boolean | null;
  created_at: string;
  updated_at: string;
}

export const product = {
  key: (id: string) => ({ pk: `${P.product}${id}`, sk: 'PRODUCT' as const }),
  /** collection: catalogue order, productid zero-padded so text order is number order. */
  indexes: (productId: number) => ({
    gsi1pk: CollectionIndex.catalogue as const,
    gsi1sk: String(productId).padStart(10, '0'),
  }),
  collectionPartition: CollectionIndex.catalogue,
} as const;

/**
 * One item per productid in use, written in the same transaction as the product that holds the number
 * (conditional on not existing): no two products can ever share a productid, however they are created.
 */
export const productIdClaim = {
  key: (productId: number) => ({ pk: `${P.productIdClaim}${productId}`, sk: 'PRODUCTID' as const }),
} as const;

// -------------------------------------------------------------------------------------------------- settings

/** The single settings record (spec 001 §3); fields are read defensively (they may arrive as text). */
export type SettingsItem = Record<string, unknown>;

export const settings = {
  key: () => ({ pk: P.settings, sk: 'SITE' as const }),
} as const;

// --------------------------------------------------------------------------------------------------- tickets

export interface TicketItem {
  id: string;
  ticket_number: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  tag: 'support' | 'lead';
  status: 'open' | 'closed';
  created_at: string;
  updated_at: string;
}

export const ticket = {
  key: (ticketNumber: string) => ({ pk: `${P.ticket}${ticketNumber}`, sk: 'TICKET' as const }),
  /** collection: newest first. */
  indexes: (t: Pick<TicketItem, 'created_at' | 'updated_at' | 'ticket_number'>) => ({
    gsi1pk: CollectionIndex.tickets,
    gsi1sk: `${t.created_at}#${t.ticket_number}`,
    ...ticket.changeIndex(t.updated_at, t.ticket_number),
  }),
  /** changes: by last change, for the tickets list's cache. */
  changeIndex: (updatedAt: string, ticketNumber: string) =>
    changeIndex(ChangesIndex.tickets, updatedAt, ticketNumber),
  /** The values `CHANGE_TOUCH` needs. */
  touchValues: (ticketNumber: string, at: string) => {
    const keys = ticket.changeIndex(at, ticketNumber);
    return { ':at': at, ':changePk': keys.gsi5pk, ':changeSort': keys.gsi5sk };
  },
  changesPartition: ChangesIndex.tickets,
  collectionPartition: CollectionIndex.tickets,
} as const;

export * from './entities-counters.js';
export * from './entities-messages.js';
