/**
 * The partition key values of the one table, declared once: functions/lib/entities.ts builds every key from
 * these, and the route, worker and schedule tables name them to say which items a function may touch (the
 * stack turns that into IAM `dynamodb:LeadingKeys` conditions). A value ending in `#` is a prefix followed by
 * an id (`ORDER#<orderId>`); any other value is a whole partition key (`SETTINGS`).
 *
 * String enums rather than objects: esbuild inlines an enum member's value where it is used, and leaves out an
 * enum that is only read member by member, so a function's bundle carries the values it uses and not the whole
 * list (checkout's was 954 B smaller). `INDEX_PARTITIONS` gathers the index enums for the grants and tests.
 */
export enum TABLE_PARTITIONS {
  /** An order and its shipment (`ORDER#<orderId>`, sort keys ORDER and SHIPMENT). */
  order = 'ORDER#',
  /** The order link's pointer to its order. */
  orderToken = 'TOKEN#',
  /** Checkout's idempotency record. */
  checkoutIdempotency = 'IDEMPOTENCY#',
  /** The order link's access log. */
  accessLog = 'ACCESSLOG#',
  /** Per-client limit windows and once-only claims. */
  rateLimit = 'RATELIMIT#',
  /** A tracker event applied once. */
  easypostEvent = 'EASYPOST_EVENT#',
  customer = 'CUSTOMER#',
  product = 'PRODUCT#',
  /** The claim on a productid. */
  productIdClaim = 'PRODUCTID#',
  settings = 'SETTINGS',
  ticket = 'TICKET#',
  /** Order, ticket and productid counters (sort keys ORDERS, TICKETS, PRODUCTID). */
  stats = 'STATS',
  /** One UTC day's orders and payments. */
  dailyStats = 'STATS#DAILY',
  /** One UTC day's messages. */
  messagingStats = 'STATS#MESSAGING',
  /** An e-mail job: its idempotency record and log line. */
  emailJob = 'EMAILJOB#',
  emailTemplate = 'EMAILTEMPLATE#',
  /** An SMS and its applied status callbacks. */
  sms = 'SMS#',
  /** A provider SID's pointer to its SMS. */
  smsSid = 'SMSSID#',
  smsOptOut = 'SMSOPTOUT#',
  outbox = 'OUTBOX#',
  /** A carrier tracking number's pointer to its order (the packing table's scan). */
  tracking = 'TRACKING#',
  /** One UTC day's received boxes, newest first (`RECEIVED#<day>`, sort key `<received at>#<order id>`). */
  received = 'RECEIVED#',
  /** Inspections waiting for the seller's answer, by when the window ends (sort key `<due at>#<order id>`). */
  answersDue = 'ANSWERS_DUE',
  /** Orders waiting to be paid, oldest first (sort key `<payable at>#<order id>`), each with its row. */
  payouts = 'PAYOUTS',
}
export type TablePartition = keyof typeof TABLE_PARTITIONS;

// The index partition key values (`gsi<n>pk`), one enum per index; same `#` rule.

/** The collection index's partitions: every item of one kind, in the order its list shows it. */
export enum CollectionIndex {
  orders = 'ORDERS',
  customers = 'CUSTOMERS',
  catalogue = 'CATALOGUE',
  tickets = 'TICKETS',
  emailLog = 'EMAILLOG',
  smsLog = 'SMSLOG',
  smsStatusLog = 'SMSSTATUSLOG',
  /** A shipment by its EasyPost shipment id (webhook events). */
  easypostShipment = 'EASYPOST_SHIPMENT#',
}

/** The byStatus index's partitions: the items of one state. */
export enum ByStatusIndex {
  /** Orders of one status. */
  orderStatus = 'ORDERSTATUS#',
  /** Purchased labels with no carrier scan yet. */
  unusedLabels = 'LABELS#UNUSED',
}

/** The byCustomer index's partition: one customer's orders. */
export enum ByCustomerIndex {
  /**
   * A customer's orders, by the customer's key: the value of `TABLE_PARTITIONS.customer` (a test holds them
   * equal).
   */
  customer = 'CUSTOMER#',
}

/** The orderList index's one partition: every order, keyed by when it last changed. */
export enum OrderListIndex {
  orders = 'ORDERS',
}

/** The changes index's partitions: every item of one kind, keyed by when it last changed. */
export enum ChangesIndex {
  customers = 'CUSTOMERS',
  tickets = 'TICKETS',
}

/** Every index's partitions, by index name (the grants, the access records and their tests read them). */
export const INDEX_PARTITIONS = {
  collection: CollectionIndex,
  byStatus: ByStatusIndex,
  byCustomer: ByCustomerIndex,
  orderList: OrderListIndex,
  changes: ChangesIndex,
} as const;
export type IndexName = keyof typeof INDEX_PARTITIONS;
export type IndexPartition<I extends IndexName> = keyof (typeof INDEX_PARTITIONS)[I];

/** The `dynamodb:LeadingKeys` pattern of a partition value: a prefix matches every id after it. */
export const leadingKeyPattern = (value: string): string => (value.endsWith('#') ? `${value}*` : value);
