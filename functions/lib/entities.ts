/**
 * Every kind of item the one table holds, declared once: its primary key, the index keys it carries and its
 * stored type (docs/data-model.md lists the access patterns each serves). Repositories, the local seed and the
 * test helpers build keys from here only, never from template strings of their own. Plain functions rather
 * than a modelling library: the whole module adds a few hundred bytes to a bundle, far less than the libraries
 * weighed (docs/performance.md, "Bundles"), and the expressions stay the SDK's own.
 */
import { createHash, randomInt } from 'node:crypto';
import type { SmsStatus } from '../../shared/rules/sms.js';
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

// -------------------------------------------------------------------------------------------------- counters

/**
 * Order counters, changed in the same transaction as every write they count: order_count (every order, the
 * dashboard's Inbound Shipments), status_<status>, total_amount (all orders), completed_paid_amount and
 * completed_total_amount (orders now completed: Total Payments and the average order value). Stored as
 * COUNTER_SHARDS shards (`ORDERS#<n>`) plus, on deployments from before the shards, the one item `ORDERS`:
 * this type is one of those items, or their sum (`sumCounters`).
 */
export interface OrderStatsItem {
  pk: 'STATS';
  sk: string;
  order_count?: number;
  total_amount?: number;
  completed_paid_amount?: number;
  completed_total_amount?: number;
  [status: `status_${string}`]: number | undefined;
}

/**
 * One UTC day's orders received and amounts paid (the dashboard chart), in one partition: one Query. Stored
 * as shards (`<day>#<n>`) plus a pre-shard `<day>` item; summed per day on read (`sumDailyCounters`).
 */
export interface DailyStatsItem {
  pk: 'STATS#DAILY';
  sk: string;
  orders_received?: number;
  amount_paid?: number;
}

/**
 * How many items each hot counter is spread over. Every checkout ADDs to the order counters and to today's
 * counters in its transaction: on one item each, concurrent checkouts conflict (TransactionConflict) and
 * retry. A write ADDs to one shard picked at random; a read sums every shard (and the pre-shard item). Only
 * statistics are sharded: a counter that hands out numbers (PRODUCTID, tickets) must stay one item.
 */
export const COUNTER_SHARDS = 8;

/** The shard one write ADDs to: any of them, uniformly (`random(n)` is an integer in [0, n)). */
export const counterShard = (random: (n: number) => number = randomInt): number => random(COUNTER_SHARDS);

const ORDERS_SORT = 'ORDERS';
/** Between a day (`YYYY-MM-DD`) and its shard number: sorts after the day alone, before the next day. */
const SHARD_SEPARATOR = '#';

export const counters = {
  /** One shard of the order counters (writes: `counters.orders(counterShard())`). */
  orders: (shard: number) => ({ pk: P.stats, sk: `${ORDERS_SORT}${SHARD_SEPARATOR}${shard}` }),
  /**
   * Every item of the order counters in one Query of the STATS partition, `begins_with(sk, :orders)`: the
   * shards and the pre-shard `ORDERS` item (never TICKETS or PRODUCTID).
   */
  ordersQuery: { pk: P.stats, skPrefix: ORDERS_SORT },
  /** The order counters' item from before the shards (read only, summed with the shards). */
  ordersUnsharded: () => ({ pk: P.stats, sk: ORDERS_SORT }),
  tickets: () => ({ pk: P.stats, sk: 'TICKETS' as const }),
  /** `last_productid`: the highest productid handed out (new products take the next ones). */
  productIds: () => ({ pk: P.stats, sk: 'PRODUCTID' as const }),
  /** One shard of a UTC day's counters; `day` is `YYYY-MM-DD`. */
  day: (day: string, shard: number) => ({ pk: P.dailyStats, sk: `${day}${SHARD_SEPARATOR}${shard}` }),
  /** A day's item from before the shards (read only). */
  dayUnsharded: (day: string) => ({ pk: P.dailyStats, sk: day }),
  /**
   * The sort key range of every item of the days `fromDay` to `toDay`, shards and pre-shard items alike:
   * `sk BETWEEN from AND to`, one Query of the STATS#DAILY partition.
   */
  daysRange: (fromDay: string, toDay: string) => ({ from: fromDay, to: `${toDay}${SHARD_SEPARATOR}~` }),
  dailyPartition: P.dailyStats,
  /** One UTC day's messages (MessageStatsItem): the marketing page's figures and the SMS daily limit. */
  messagingDay: (day: string) => ({ pk: P.messagingStats, sk: day }),
  messagingPartition: P.messagingStats,
} as const;

/** Attributes of a counters item that are not counts. */
const NOT_COUNTS = new Set(['pk', 'sk', 'entity']);

/**
 * The shards of one counter (and its pre-shard item) added up, attribute by attribute; null when there is
 * none. Amounts are summed in cents, so many shards never drift from the sum one item would have held.
 */
export function sumCounters<T extends { pk: string; sk: string }>(items: readonly T[]): T | null {
  if (items.length === 0) return null;
  const cents = new Map<string, number>();
  for (const item of items) {
    for (const [name, value] of Object.entries(item)) {
      if (NOT_COUNTS.has(name) || typeof value !== 'number') continue;
      cents.set(name, (cents.get(name) ?? 0) + Math.round(value * 100));
    }
  }
  const { pk, sk } = items[0];
  const sums = Object.fromEntries([...cents].map(([name, c]) => [name, c / 100]));
  return { pk, sk: sk.split(SHARD_SEPARATOR)[0], ...sums } as unknown as T;
}

/** Day counters items (shards and pre-shard items, any order) summed per day, keyed `YYYY-MM-DD`. */
export function sumDailyCounters(items: readonly DailyStatsItem[]): DailyStatsItem[] {
  const byDay = new Map<string, DailyStatsItem[]>();
  for (const item of items) {
    const day = item.sk.split(SHARD_SEPARATOR)[0];
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  return [...byDay.values()].map((dayItems) => sumCounters(dayItems)!);
}

/**
 * One UTC day's messages, counted when each one's status changes (a conditional write succeeded), on the day
 * the message was created: email_sent / email_failed (SES accepted it / it failed for good), email_bounced,
 * email_complained; sms_sent (Twilio accepted it), sms_failed (refused or failed before acceptance),
 * sms_delivered, sms_undelivered (accepted, then undelivered or failed). `sms_daily` counts SMS handed to
 * Twilio that day against the daily limit (an ADD with a condition, so concurrent sends cannot pass it).
 */
export interface MessageStatsItem {
  pk: 'STATS#MESSAGING';
  sk: string;
  email_sent?: number;
  email_failed?: number;
  email_bounced?: number;
  email_complained?: number;
  sms_sent?: number;
  sms_failed?: number;
  sms_delivered?: number;
  sms_undelivered?: number;
  sms_daily?: number;
}
export type MessageCounter = Exclude<keyof MessageStatsItem, 'pk' | 'sk'>;

/** The UTC day of an instant, as the daily counters key it. */
export const dayOf = (at: string | Date): string =>
  (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

// ----------------------------------------------------------------------------------------------------- e-mail

/** One item per e-mail job: its idempotency record and its line in the e-mail log. */
export const emailJob = {
  key: (jobId: string) => ({ pk: `${P.emailJob}${jobId}`, sk: 'JOB' as const }),
  /** collection: newest first (the admin's Recent Emails). */
  indexes: (sentAt: string, jobId: string) => ({
    gsi1pk: CollectionIndex.emailLog,
    gsi1sk: `${sentAt}#${jobId}`,
  }),
  collectionPartition: CollectionIndex.emailLog,
} as const;

export const emailTemplate = {
  key: (name: string) => ({ pk: `${P.emailTemplate}${name}`, sk: 'TEMPLATE' as const }),
} as const;

// -------------------------------------------------------------------------------------------------------- SMS

/**
 * One item per SMS (test or marketing): written `queued` by the sending route before its job is queued, then
 * moved forward only (shared/rules/sms.ts isLaterStatus) by the worker and Twilio's status callbacks. The
 * provider SID, once known, finds it again (`sms.sidKey` points at it).
 */
export interface SmsMessageItem {
  id: string;
  kind: 'test' | 'marketing' | 'order';
  to: string;
  message: string;
  status: SmsStatus;
  sid?: string;
  error?: string;
  error_code?: string;
  /** Deliveries that claimed it (the worker's retry count). */
  attempts?: number;
  created_at: string;
  updated_at: string;
}

export const smsMessage = {
  key: (id: string) => ({ pk: `${P.sms}${id}`, sk: 'SMS' as const }),
  /** collection: newest first (Message History, latest 50). */
  indexes: (createdAt: string, id: string) => ({
    gsi1pk: CollectionIndex.smsLog,
    gsi1sk: `${createdAt}#${id}`,
  }),
  /** The provider's SID to our message id (status callbacks name the SID). */
  sidKey: (sid: string) => ({ pk: `${P.smsSid}${sid}`, sk: 'SMSSID' as const }),
  collectionPartition: CollectionIndex.smsLog,
} as const;

/** One applied status callback (the message status log, latest 50); expires like the e-mail log. */
export const smsStatusEvent = {
  key: (messageId: string, status: string) => ({ pk: `${P.sms}${messageId}`, sk: `STATUS#${status}` }),
  indexes: (at: string, messageId: string, status: string) => ({
    gsi1pk: CollectionIndex.smsStatusLog,
    gsi1sk: `${at}#${messageId}#${status}`,
  }),
  collectionPartition: CollectionIndex.smsStatusLog,
} as const;

/** A number that replied STOP or that Twilio refused as opted out (21610); START removes it. */
export const smsOptOut = {
  key: (e164: string) => ({ pk: `${P.smsOptOut}${e164}`, sk: 'OPTOUT' as const }),
} as const;

// ----------------------------------------------------------------------------------------------------- outbox

/** What an outbox record owes: one e-mail, rendered and queued by the outbox relay from the table's stream. */
export type OrderOutboxKind =
  | 'order_confirmation'
  | 'order_completed'
  | 'label'
  /** An inspection saved: the seller's e-mail (editable template) and, with SMS on, a short SMS. */
  | 'order_inspected'
  /** A return label bought for the items the seller asked back: the e-mail with its link. */
  | 'return_label';
/** A contact-form ticket's e-mails: the shop's notification and the sender's confirmation. */
export type TicketOutboxKind = 'ticket_notification' | 'ticket_confirmation';
export type OutboxKind = OrderOutboxKind | TicketOutboxKind;

/**
 * A side effect owed by a write, recorded in that write's transaction (the order, its completion, a bought
 * label, a ticket). The outbox relay (a DynamoDB Streams consumer that sees only INSERTs of these items)
 * renders the e-mail, queues it under a job id derived from the record's id, and marks the record done: a
 * crash between the commit and the queue loses nothing, and a redelivered stream record never sends twice.
 */
interface OutboxFields {
  pk: string;
  sk: 'OUTBOX';
  entity: 'outbox';
  /** `<kind>#<order id or ticket number>[#<what makes it unique>]`: one e-mail per fact. */
  outbox_id: string;
  status: 'pending' | 'done' | 'failed';
  created_at: string;
  /** Set by the relay: when it queued the e-mail, under which job id; or why it never can (failed). */
  done_at?: string;
  job_id?: string;
  error?: string;
  /** Failed tries to queue it (the stream retries them) and the latest reason. */
  attempts?: number;
  last_error?: string;
}

export type OutboxItem = OutboxFields &
  (
    | {
        kind: OrderOutboxKind;
        order_id: string;
        /** The label's generation (kind label): the e-mail is about that label. */
        generation?: number;
      }
    | { kind: TicketOutboxKind; ticket_number: string }
  );

export const outbox = {
  key: (outboxId: string) => ({ pk: `${P.outbox}${outboxId}`, sk: 'OUTBOX' as const }),
  /** The `entity` value the stream's filter criteria select (infra/constructs/outbox.ts). */
  entity: 'outbox' as const,
} as const;
