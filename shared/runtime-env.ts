/**
 * Names the stack and the functions share: indexes, secrets, metrics, headers. The environment variables' own
 * names are in env-vars.ts.
 */

/** Table index names, named after what they serve (see docs/data-model.md). */
export const TABLE_INDEXES = {
  collection: { name: 'collection', pk: 'gsi1pk', sk: 'gsi1sk' },
  byStatus: { name: 'byStatus', pk: 'gsi2pk', sk: 'gsi2sk' },
  byCustomer: { name: 'byCustomer', pk: 'gsi3pk', sk: 'gsi3sk' },
  /**
   * Sparse: only orders, keyed by when each last changed, holding just the orders list's columns (the list's
   * cache loads it once, then reads only what changed). Its projection is ORDER_LIST_ATTRIBUTES.
   */
  orderList: { name: 'orderList', pk: 'gsi4pk', sk: 'gsi4sk' },
  /**
   * Sparse: customers and tickets, one partition per kind, keyed by when each last changed (`<updated_at>#<id>`),
   * whole items. Their lists' caches load a partition once, then read only what changed (functions/lib/change-cache.ts).
   */
  changes: { name: 'changes', pk: 'gsi5pk', sk: 'gsi5sk' },
} as const;
/**
 * Keys held by the signing secret, not the provider secret: what a public webhook needs to check a signature
 * (Twilio signs its callbacks with the account's auth token, which also authenticates SMS sends).
 */
export const SIGNING_SECRET_KEYS = ['twilioAuthToken', 'easypostWebhookSecret'] as const;

export const TTL_ATTRIBUTE = 'expiresAt';

/** The CloudWatch namespace of the product's own metrics (embedded metric format lines), dimensioned by stage. */
export const METRICS_NAMESPACE = 'Buyback';
/** Label jobs that failed for good (a missing or refused EasyPost key, bad addresses, retries used up). */
export const LABEL_FAILURES_METRIC = 'LabelPermanentFailures';
/** An owed e-mail the outbox relay can never deliver (failed at once, not retried). */
export const OUTBOX_FAILURES_METRIC = 'OutboxPermanentFailures';

/**
 * The header CloudFront adds to every request it sends to the API origin, carrying the origin secret. A request
 * without it reached the HTTP API's own endpoint directly, where any header (CloudFront-Viewer-Address too)
 * is whatever the caller wrote.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The key of the origin secret's JSON that holds the header's value. */
export const ORIGIN_SECRET_KEY = 'originVerify';
