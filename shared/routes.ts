import type * as z from 'zod/mini';
import { ZAdminSession } from './schemas/admin.js';
import { ZCreateOrderRequest, ZIdempotencyHeaders } from './schemas/checkout.js';
import { ZEmpty, ZProductIdParams } from './schemas/common.js';
import {
  ZOrderByTokenQuery,
  ZOrderConfirmation,
  ZOrderLookupRequest,
  ZOrderTracking,
} from './schemas/order.js';
import { ZProduct, ZProductList } from './schemas/product.js';
import { ZPublicSettings } from './schemas/settings.js';
import { ZContactForm, ZTicketCreated } from './schemas/ticket.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'public' | 'admin';

/** Which AWS resources a function touches; infra grants exactly these. */
export type Capability =
  | 'table:read'
  | 'table:write'
  | 'email-jobs:send'
  | 'sms-jobs:send'
  | 'label-jobs:send'
  | 'images:read'
  | 'images:write'
  | 'secret:read';

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
}

/**
 * Every HTTP route of the product. The CDK stack builds one function and one route per row, the local runner
 * serves exactly what the stack synthesizes, and the web client takes its types from here.
 */
export const routes = {
  getSettings: {
    method: 'GET',
    path: '/api/settings',
    auth: 'public',
    handler: 'settings/get-public-settings',
    request: {},
    response: ZPublicSettings,
    capabilities: ['table:read'],
  },
  listProducts: {
    method: 'GET',
    path: '/api/products',
    auth: 'public',
    handler: 'products/list-products',
    request: { query: ZEmpty },
    response: ZProductList,
    capabilities: ['table:read'],
  },
  getProduct: {
    method: 'GET',
    path: '/api/products/{id}',
    auth: 'public',
    handler: 'products/get-product',
    request: { params: ZProductIdParams },
    response: ZProduct,
    capabilities: ['table:read'],
  },
  /** Checkout. 201 with the order; the same Idempotency-Key and body answer the same order again (200). */
  createOrder: {
    method: 'POST',
    path: '/api/orders',
    auth: 'public',
    handler: 'orders/create-order',
    request: { headers: ZIdempotencyHeaders, body: ZCreateOrderRequest },
    response: ZOrderConfirmation,
    capabilities: ['table:read', 'table:write', 'email-jobs:send'],
  },
  /** The secret link from the confirmation e-mail: 400 malformed, 404 unknown, 410 older than 45 days. */
  getOrderByToken: {
    method: 'GET',
    path: '/api/orders/by-token',
    auth: 'public',
    handler: 'orders/get-order-by-token',
    request: { query: ZOrderByTokenQuery },
    response: ZOrderConfirmation,
    capabilities: ['table:read', 'table:write'],
  },
  /** Tracking by order number and checkout e-mail; failures are rate limited per IP and per order number. */
  lookupOrder: {
    method: 'POST',
    path: '/api/orders/lookup',
    auth: 'public',
    handler: 'orders/lookup-order',
    request: { body: ZOrderLookupRequest },
    response: ZOrderTracking,
    capabilities: ['table:read', 'table:write'],
  },
  /** The contact form: a support ticket, plus e-mails to the shop and to the sender. */
  createTicket: {
    method: 'POST',
    path: '/api/tickets',
    auth: 'public',
    handler: 'tickets/create-ticket',
    request: { body: ZContactForm },
    response: ZTicketCreated,
    capabilities: ['table:read', 'table:write', 'email-jobs:send'],
  },
  getAdminSession: {
    method: 'GET',
    path: '/api/admin/session',
    auth: 'admin',
    handler: 'admin/get-session',
    request: {},
    response: ZAdminSession,
    capabilities: [],
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export type RouteResponse<N extends RouteName> = z.infer<(typeof routes)[N]['response']>;

export type QueueName = 'label-jobs' | 'email-jobs' | 'sms-jobs';

export interface WorkerDef {
  queue: QueueName;
  handler: string;
  /** Seconds a message stays invisible while a worker holds it; the queue's visibility timeout is 6x this. */
  timeoutSeconds: number;
  batchSize: number;
  capabilities: readonly Capability[];
}

/** Queue workers: one function per queue, subscribed with partial batch responses. */
export const workers = {
  emailWorker: {
    queue: 'email-jobs',
    handler: 'email/email-worker',
    timeoutSeconds: 30,
    batchSize: 10,
    capabilities: ['table:read', 'table:write'],
  },
} as const satisfies Record<string, WorkerDef>;

export const routeList = (): Array<[string, RouteDef]> => Object.entries(routes);
export const workerList = (): Array<[string, WorkerDef]> => Object.entries(workers);

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
