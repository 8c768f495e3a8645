/**
 * The partition key values of the one table, declared once: functions/lib/entities.ts builds every key from
 * these, and the route, worker and schedule tables name them to say which items a function may touch (the
 * stack turns that into IAM `dynamodb:LeadingKeys` conditions). A value ending in `#` is a prefix followed by
 * an id (`ORDER#<orderId>`); any other value is a whole partition key (`SETTINGS`).
 */
export const TABLE_PARTITIONS = {
  /** An order and its shipment (`ORDER#<orderId>`, sort keys ORDER and SHIPMENT). */
  order: 'ORDER#',
  /** The order link's pointer to its order. */
  orderToken: 'TOKEN#',
  /** Checkout's idempotency record. */
  checkoutIdempotency: 'IDEMPOTENCY#',
  /** The order link's access log. */
  accessLog: 'ACCESSLOG#',
  /** Per-client limit windows and once-only claims. */
  rateLimit: 'RATELIMIT#',
  /** A tracker event applied once. */
  easypostEvent: 'EASYPOST_EVENT#',
  customer: 'CUSTOMER#',
  product: 'PRODUCT#',
  /** The claim on a productid. */
  productIdClaim: 'PRODUCTID#',
  settings: 'SETTINGS',
  ticket: 'TICKET#',
  /** Order, ticket and productid counters (sort keys ORDERS, TICKETS, PRODUCTID). */
  stats: 'STATS',
  /** One UTC day's orders and payments. */
  dailyStats: 'STATS#DAILY',
  /** One UTC day's messages. */
  messagingStats: 'STATS#MESSAGING',
  /** An e-mail job: its idempotency record and log line. */
  emailJob: 'EMAILJOB#',
  emailTemplate: 'EMAILTEMPLATE#',
  /** An SMS and its applied status callbacks. */
  sms: 'SMS#',
  /** A provider SID's pointer to its SMS. */
  smsSid: 'SMSSID#',
  smsOptOut: 'SMSOPTOUT#',
  outbox: 'OUTBOX#',
} as const;
export type TablePartition = keyof typeof TABLE_PARTITIONS;

/** The index partition key values (`gsi<n>pk`), by index; same `#` rule. */
export const INDEX_PARTITIONS = {
  collection: {
    orders: 'ORDERS',
    customers: 'CUSTOMERS',
    catalogue: 'CATALOGUE',
    tickets: 'TICKETS',
    emailLog: 'EMAILLOG',
    smsLog: 'SMSLOG',
    smsStatusLog: 'SMSSTATUSLOG',
    /** A shipment by its EasyPost shipment id (webhook events). */
    easypostShipment: 'EASYPOST_SHIPMENT#',
  },
  byStatus: {
    /** Orders of one status. */
    orderStatus: 'ORDERSTATUS#',
    /** Purchased labels with no carrier scan yet. */
    unusedLabels: 'LABELS#UNUSED',
  },
  byCustomer: {
    /** A customer's orders, by the customer's key. */
    customer: TABLE_PARTITIONS.customer,
  },
  orderList: { orders: 'ORDERS' },
  changes: { customers: 'CUSTOMERS', tickets: 'TICKETS' },
} as const;
export type IndexName = keyof typeof INDEX_PARTITIONS;
export type IndexPartition<I extends IndexName> = keyof (typeof INDEX_PARTITIONS)[I];

/** The `dynamodb:LeadingKeys` pattern of a partition value: a prefix matches every id after it. */
export const leadingKeyPattern = (value: string): string => (value.endsWith('#') ? `${value}*` : value);
