import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import { apiMessages } from '../../shared/messages.js';
import type { RouteDef } from '../../shared/route-def.js';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime-env.js';
import { AppError } from './errors.js';
import { errorDetails, log } from './log.js';
import { isOriginValue } from './origin-secret.js';
import { parseInput } from './validation.js';

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;

export interface AuthContext {
  sub: string;
  email?: string;
  groups: string[];
}

export interface RouteInput<R extends RouteDef> {
  params: Infer<R['request']['params']>;
  query: Infer<R['request']['query']>;
  body: Infer<R['request']['body']>;
  headers: R['request']['headers'] extends z.ZodMiniType
    ? z.infer<R['request']['headers']>
    : Record<string, string | undefined>;
  sourceIp: string;
  auth: AuthContext | null;
  /** The body exactly as sent, for signature checks (webhooks) before it is parsed. */
  rawBody: string | undefined;
}

type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
type HttpResult = APIGatewayProxyStructuredResultV2;
type ParsedEvent<R extends RouteDef> = HttpEvent & { input: RouteInput<R> };

/** A non-200 answer from a domain function: `return reply(201, order)`. */
export interface Reply<T> {
  readonly [REPLY]: true;
  status: number;
  body: T;
  headers?: Record<string, string>;
}
const REPLY = Symbol('reply');
export const reply = <T>(status: number, body: T, headers?: Record<string, string>): Reply<T> => ({
  [REPLY]: true,
  status,
  body,
  headers,
});
const isReply = (value: unknown): value is Reply<unknown> =>
  typeof value === 'object' && value !== null && REPLY in value;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});

/** API Gateway flattens array claims to "[a b]"; Cognito's own token has a real array. */
function groupsFrom(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim !== 'string' || !claim) return [];
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

function authFrom(event: HttpEvent): AuthContext | null {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims?.sub) return null;
  return {
    sub: String(claims.sub),
    email: claims.email ? String(claims.email) : undefined,
    groups: groupsFrom(claims['cognito:groups']),
  };
}

/** Every answer that is not a success goes through here: AppErrors as they are, anything else as a bare 500. */
const mapErrors = (): MiddlewareObj<HttpEvent, HttpResult> => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof AppError) {
      request.response = json(
        error.status,
        {
          error: {
            code: error.code,
            message: error.message,
            ...(error.fields ? { fields: error.fields } : {}),
          },
        },
        error.headers,
      );
      return;
    }
    log('error', 'unhandled error', { routeKey: request.event.routeKey, ...errorDetails(error) });
    request.response = json(500, { error: { code: 'internal', message: apiMessages.internal } });
  },
});

/**
 * Only CloudFront knows the origin secret and adds it to every API request; a request without it came to the
 * API's own host name directly, where CloudFront-Viewer-Address (the IP every per-client limit counts) is
 * whatever the caller wrote. Refused (403) before anything else runs. Without a configured secret nothing is
 * trusted.
 */
const verifyOrigin = (): MiddlewareObj<HttpEvent, HttpResult> => ({
  before: async (request) => {
    const given = lowerCaseKeys(request.event.headers)[ORIGIN_VERIFY_HEADER];
    if (!(await isOriginValue(given))) throw new AppError('forbidden', apiMessages.directAccess);
  },
});

/** The route table's access rule, checked in the Lambda as well as by the API Gateway authorizer. */
const enforceAuth = <R extends RouteDef>(route: R): MiddlewareObj<HttpEvent, HttpResult> => ({
  before: async (request) => {
    if (route.auth === 'public') return;
    const auth = authFrom(request.event);
    if (!auth) throw new AppError('unauthorized', apiMessages.unauthorized);
    if (!auth.groups.includes('admin')) throw new AppError('forbidden', apiMessages.forbidden);
  },
});

/**
 * The seller's IP, read only after verifyOrigin proved the request came through CloudFront. Behind
 * CloudFront, API Gateway's sourceIp is an edge server's; CloudFront's own CloudFront-Viewer-Address header
 * ("ip:port", set by CloudFront and not by the client) names the viewer.
 */
export function clientIp(event: HttpEvent): string {
  const viewer = lowerCaseKeys(event.headers)['cloudfront-viewer-address'];
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':')) || viewer;
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

const lowerCaseKeys = (headers: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

function rawBodyOf(event: HttpEvent): string | undefined {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** application/json, or a JSON subtype (`application/merge-patch+json`), with any parameters. */
export const isJsonContentType = (value: string | undefined): boolean =>
  value !== undefined && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(value.trim());

/**
 * A route that takes a body takes JSON only (415 otherwise): a browser sends text/plain or a form to another
 * site without a CORS preflight, so accepting those would let any page post orders from a visitor's browser.
 */
function assertJsonBody(event: HttpEvent): void {
  if (rawBodyOf(event) !== undefined && !isJsonContentType(lowerCaseKeys(event.headers)['content-type'])) {
    throw new AppError('unsupported_media_type', apiMessages.notJson);
  }
}

function parseBody(event: HttpEvent): unknown {
  const text = rawBodyOf(event);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('validation', apiMessages.invalidJson);
  }
}

/** Path, query and body are parsed with the route's shared schemas before any domain code runs. */
const parseRequest = <R extends RouteDef>(route: R): MiddlewareObj<HttpEvent, HttpResult> => ({
  before: async (request) => {
    const event = request.event as ParsedEvent<R>;
    const { params, query, body, headers } = route.request as RouteDef['request'];
    if (body) assertJsonBody(event);
    event.input = {
      params: (params
        ? parseInput(params, event.pathParameters ?? {})
        : undefined) as RouteInput<R>['params'],
      query: (query
        ? parseInput(query, event.queryStringParameters ?? {})
        : undefined) as RouteInput<R>['query'],
      body: (body ? parseInput(body, parseBody(event)) : undefined) as RouteInput<R>['body'],
      headers: (headers
        ? parseInput(headers, lowerCaseKeys(event.headers))
        : lowerCaseKeys(event.headers)) as RouteInput<R>['headers'],
      sourceIp: clientIp(event),
      auth: authFrom(event),
      rawBody: rawBodyOf(event),
    };
  },
});

type Handler<R extends RouteDef> = (
  input: RouteInput<R>,
) => Promise<z.infer<R['response']> | Reply<z.infer<R['response']>>>;

/** How long before the function's own timeout a request still running is answered 503 instead. */
export const EARLY_TIMEOUT_MS = 1000;
/** The wait a 503 suggests: the same Idempotency-Key sent again then answers what the first request wrote. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * A request that would run past the function's timeout is answered 503 with Retry-After a second before it
 * does (middy's early timeout), not left to Lambda's timeout, which API Gateway answers with a bare 500. Its
 * work may still finish in the background: a retry with the same Idempotency-Key answers what it wrote.
 */
const busy = (): never => {
  log('warn', 'request ran out of time: answered 503', {});
  throw new AppError('busy', apiMessages.busy, undefined, {
    'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
  });
};

/** The one shape of every HTTP Lambda: auth, parse with the shared schemas, call the domain, map errors. */
export function httpRoute<R extends RouteDef>(route: R, handle: Handler<R>) {
  return middy<HttpEvent, HttpResult>({ timeoutEarlyInMillis: EARLY_TIMEOUT_MS, timeoutEarlyResponse: busy })
    .use(mapErrors())
    .use(verifyOrigin())
    .use(enforceAuth(route))
    .use(parseRequest(route))
    .handler(async (event) => {
      const result = await handle((event as ParsedEvent<R>).input);
      return isReply(result) ? json(result.status, result.body, result.headers) : json(200, result);
    });
}
