/**
 * Environment variable names a Lambda reads. infra sets them (one place), functions read them, and the local
 * runner passes through what the synthesized template holds, so the three cannot drift.
 */
export const ENV = {
  stage: 'STAGE',
  /**
   * The function's key in the route, worker, schedule, subscriber or stream table (e.g. `listProducts`): every
   * log line names it, and the local stack's DynamoDB access log attributes calls by it.
   */
  functionKey: 'FUNCTION_KEY',
  tableName: 'TABLE_NAME',
  emailQueueUrl: 'EMAIL_QUEUE_URL',
  smsQueueUrl: 'SMS_QUEUE_URL',
  labelQueueUrl: 'LABEL_QUEUE_URL',
  imagesBucket: 'IMAGES_BUCKET',
  secretId: 'PROVIDER_SECRET_ID',
  /** The webhook signing secret (SIGNING_SECRET_KEYS), apart from the provider API keys. */
  signingSecretId: 'SIGNING_SECRET_ID',
  siteUrl: 'SITE_URL',
  emailFrom: 'EMAIL_FROM',
  /** The SES configuration set whose event destination reports bounces and complaints (SNS, ses-events). */
  sesConfigurationSet: 'SES_CONFIGURATION_SET',
  /** A worker's own queue, to delay a failed message's next delivery (backoff). */
  jobQueueUrl: 'JOB_QUEUE_URL',
  /** A worker's first retry delay in seconds; each later one doubles it. */
  jobRetryBaseSeconds: 'JOB_RETRY_BASE_SECONDS',
  /** Unset in AWS (the client's default); the local stack points it at its EasyPost test server. */
  easypostBaseUrl: 'EASYPOST_BASE_URL',
  /** Unset in AWS (api.twilio.com); the local stack points it at its Twilio test server's origin. */
  twilioBaseUrl: 'TWILIO_BASE_URL',
  /** The staff user pool and its web client (public ids, for the sign-in configuration). */
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Unset in AWS; the local stack's Cognito endpoint, which the browser must use instead of AWS's. */
  cognitoEndpoint: 'COGNITO_ENDPOINT',
  /** The breach-range service the sign-in form checks a password prefix against. */
  breachRangeUrl: 'BREACH_RANGE_URL',
  /** Local stack only: the secret store reads this file instead of Secrets Manager. */
  localSecretsFile: 'LOCAL_SECRETS_FILE',
  /** The customer-managed KMS key of payout details; set only on functions granted `payout:encrypt`/`decrypt`. */
  payoutKeyArn: 'PAYOUT_KEY_ARN',
  /**
   * Local stack only: a file in the data folder holding the 256-bit key that stands in for the KMS key (the
   * runner sets it only where the template sets PAYOUT_KEY_ARN).
   */
  localPayoutKeyFile: 'LOCAL_PAYOUT_KEY_FILE',
  /** Local stack only: the signing secret's file. */
  localSigningSecretsFile: 'LOCAL_SIGNING_SECRETS_FILE',
  /**
   * The value CloudFront sends in ORIGIN_VERIFY_HEADER on every API request: a dynamic reference to the stage's
   * generated origin secret, resolved by CloudFormation for the distribution and the API functions alike.
   */
  originVerify: 'ORIGIN_VERIFY',
} as const;

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

/**
 * The header CloudFront adds to every request it sends to the API origin, carrying the origin secret. A request
 * without it reached the HTTP API's own endpoint directly, where any header (CloudFront-Viewer-Address too)
 * is whatever the caller wrote.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The key of the origin secret's JSON that holds the header's value. */
export const ORIGIN_SECRET_KEY = 'originVerify';
