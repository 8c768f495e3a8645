/** The shape of the route and worker tables (shared/routes.ts): one row per HTTP route or queue worker. */
import type * as z from 'zod/mini';
import type { TableCapability } from './table-access.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'public' | 'admin';

/**
 * Which AWS resources a function touches; infra grants exactly these. The table is granted by key: a
 * TableCapability (shared/table-access.ts) names the partitions and actions, e.g. `items(['GetItem'], 'product')`.
 */
export type Capability =
  | TableCapability
  | 'email-jobs:send'
  | 'sms-jobs:send'
  | 'label-jobs:send'
  /** Product images (`images/products/*` of the images bucket): read, or write and delete. */
  | 'product-images:read'
  | 'product-images:write'
  /** Order photos (`images/orders/*`), kept with their earlier versions: read, or write and delete. */
  | 'order-photos:read'
  | 'order-photos:write'
  | 'secret:read'
  /** Writes keys into the provider secret (the back office's write-only credentials). */
  | 'secret:write'
  /** Reads the webhook signing secret (Twilio's auth token, EasyPost's webhook secret), nothing else. */
  | 'signing-secret:read'
  /** Writes keys into the signing secret (the back office saving the Twilio auth token). */
  | 'signing-secret:write'
  /** Reads the user pool's public ids (no AWS permission): the sign-in configuration. */
  | 'auth:config'
  /** Sends an e-mail through SES directly (the test e-mail); order e-mails go through email-jobs. */
  | 'email:send'
  /** Asks SES whether the sender identity is verified (GetEmailIdentity). */
  | 'email:check'
  /** Seals payout details under the payout KMS key (GenerateDataKey): checkout only. */
  | 'payout:encrypt'
  /** Opens payout details (KMS Decrypt): the admin reveal route only. */
  | 'payout:decrypt';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/products/{id}`. */
  path: string;
  auth: RouteAuth;
  /** Entry under `functions/`, without extension: `products/get-product` is `functions/products/get-product.ts`. */
  handler: string;
  /** Header names in `headers` are lower case, as API Gateway delivers them. */
  request: { params?: z.ZodMiniType; query?: z.ZodMiniType; body?: z.ZodMiniType; headers?: z.ZodMiniType };
  response: z.ZodMiniType;
  capabilities: readonly Capability[];
  /** Lambda memory in MB when the default (256) is not enough, e.g. a function holding a working set. */
  memoryMb?: number;
  /** Seconds before the Lambda times out; default 10. API Gateway waits at most 30. */
  timeoutSeconds?: number;
  /** Called by a provider (EasyPost, Twilio) with a signature, not by a browser: it gets reserved concurrency. */
  webhook?: true;
}

/**
 * Every HTTP route of the product. The CDK stack builds one function and one route per row, the local runner
 * serves exactly what the stack synthesizes, and the web client takes its types from here.
 */
export type QueueName = 'label-jobs' | 'email-jobs' | 'sms-jobs';

/**
 * Deliveries of a job message before its queue's redrive policy moves it to the DLQ: the stack's maxReceiveCount,
 * and the count at which a worker knows a delivery is the last (and records the failure where staff see it).
 */
export const JOB_MAX_RECEIVES = 5;

export interface WorkerDef {
  queue: QueueName;
  handler: string;
  /** Seconds a message stays invisible while a worker holds it; the queue's visibility timeout is 6x this. */
  timeoutSeconds: number;
  batchSize: number;
  /** First retry delay of a failed message in seconds, doubled on each later delivery (capped at 15 minutes). */
  retryBaseSeconds: number;
  /**
   * Most concurrent invocations the queue's event source starts (SQS maximum concurrency, at least 2): the
   * provider's rate limit. Unset: as many as the queue's backlog asks for.
   */
  maxConcurrency?: number;
  capabilities: readonly Capability[];
}

/** A function run on a schedule (EventBridge rule), e.g. the daily refund of unused labels. */
export interface ScheduleDef {
  /** What a run does, in a few words for people: the local start banner says `<title> now: curl ...`. */
  title: string;
  handler: string;
  /** An EventBridge schedule expression: `rate(1 day)` or `cron(...)`. */
  schedule: string;
  timeoutSeconds: number;
  capabilities: readonly Capability[];
}

/** The stack's SNS topics a function may subscribe to: SES bounce and complaint events. */
export type TopicName = 'email-events';

/** A function subscribed to one of the stack's SNS topics. */
export interface SubscriberDef {
  topic: TopicName;
  handler: string;
  timeoutSeconds: number;
  capabilities: readonly Capability[];
}

/**
 * A function fed by the table's stream (a Lambda event source mapping), seeing only the inserted items of one
 * entity (filter criteria on the new image's `entity`): the e-mail outbox relay.
 */
export interface StreamConsumerDef {
  handler: string;
  /** The `entity` of the inserted items it receives. */
  entity: string;
  timeoutSeconds: number;
  batchSize: number;
  /** Retries of a failing batch before it goes to the consumer's dead-letter queue. */
  retryAttempts: number;
  capabilities: readonly Capability[];
}

/** `/api/products/{id}` and `/api/products/abc` match; returns the path parameters. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    if (segment.startsWith('{') && segment.endsWith('}')) {
      if (!got[i]) return null;
      params[segment.slice(1, -1)] = decodeURIComponent(got[i]);
    } else if (segment !== got[i]) return null;
  }
  return params;
}
