/**
 * The local site, playing CloudFront in front of API Gateway and two buckets: `/api/*` goes to the HTTP API
 * routes of the template (JWT authorizer included), `/images/*` to the images bucket, everything else to the
 * built web app (sirv), each address given the page CloudFront's function picks. One port, like the one domain
 * the deployed site has.
 */
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import compression from 'compression';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import sirv from 'sirv';
import { compileRewrite, routePagesIn, spaRewrite } from '../../build/site-pages.js';
import type { JwtAuthorizer } from './authorizer.js';
import { buildHttpEvent, LOCAL_CLIENT_IP_HEADER, toHttpResponse } from './events.js';
import { listen, type NodeEnv, streamThrough } from './http.js';
import { InvocationError, type LocalFunction, type LogSink } from './lambdas.js';
import { matchRoute, orderRoutes } from './routing.js';

export interface GatewayRoute {
  method: string;
  path: string;
  routeKey: string;
  fn: LocalFunction;
  authorizer?: JwtAuthorizer;
  authorizationScopes: string[];
}

export interface GatewayOptions {
  port: number;
  routes: GatewayRoute[];
  /** The images bucket, and the S3 endpoint that serves it. */
  images?: { origin: string; bucket: string };
  /** The built web app (`dist/web`); when missing, a page says how to build it. */
  webRoot: string;
  securityHeaders: Record<string, string>;
  /** Headers the distribution adds to every API request (the origin secret), by lower-case name. */
  apiOriginHeaders?: Record<string, string>;
  /** Test profile: LOCAL_CLIENT_IP_HEADER names the viewer (a test names its client; see viewerAddress). */
  testClientAddress?: boolean;
  /** Origins the browser talks to directly locally (cognito-local, s3rver), added to the CSP's connect-src. */
  extraConnectSources: string[];
  /** Origins the browser loads images from locally (the EasyPost test server's QR codes), added to img-src. */
  extraImageSources?: string[];
  /**
   * Local-only actions, `POST /__local/<name>` (e.g. run a scheduled function now); the answer is their result.
   * Nothing like it exists in AWS: the deployed stack has only the routes of the template.
   */
  controls?: Record<string, LocalControl>;
  /** Local-only services by their path under `/__local/` (e.g. the fake breach-range API). */
  localServices?: Record<string, Hono<NodeEnv>>;
  log: LogSink;
  /** Log every API call (method, path, status, time). */
  accessLog: boolean;
}

/** A local switch; `body` is the request's JSON body, undefined when it has none. */
export type LocalControl = (body: unknown) => Promise<unknown>;

/** A control's refusal of its input: answered 400 with the message. */
export class ControlInputError extends Error {}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Where the local site serves the API as its own endpoint serves it in AWS, bypassing the local CloudFront. */
export const DIRECT_API_PREFIX = '/__local/api-direct';
const MAX_CONTROL_BODY_BYTES = 64 * 1024;

const NOT_FOUND = { error: { code: 'not_found', message: 'Not found' } };
/** What the HTTP API answers when its Lambda fails (an error thrown, a time-out, a crash). */
const INTERNAL = JSON.stringify({ message: 'Internal Server Error' });
const JSON_TYPE = { 'content-type': 'application/json' };
const CONTROL_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const NOT_BUILT =
  '<!doctype html><title>Web app not built</title><p>The web app is not built yet: run <code>npm run build:web</code> and reload.</p>';

/** The CSP of the distribution, loosened only where the local origins differ from the deployed ones. */
export function localCsp(
  csp: string,
  extraConnectSources: string[],
  extraImageSources: string[] = [],
): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^upgrade-insecure-requests$|^block-all-mixed-content$/.test(d));
  const fallback =
    directives
      .find((d) => d.startsWith('default-src'))
      ?.slice('default-src'.length)
      .trim() ?? "'self'";
  const extend = (name: string, sources: string[]) => {
    if (sources.length === 0) return;
    const index = directives.findIndex((d) => d.startsWith(`${name} `) || d === name);
    if (index >= 0) directives[index] = `${directives[index]} ${sources.join(' ')}`;
    else directives.push(`${name} ${fallback} ${sources.join(' ')}`);
  };
  extend('connect-src', extraConnectSources);
  extend('img-src', extraImageSources);
  return directives.join('; ');
}

/** Long-lived caching for Vite's hashed assets; an hour for other files; HTML always revalidated. */
function cacheControl(path: string): string {
  if (path.endsWith('.html')) return 'no-cache';
  return /^\/assets\/.+[.-][A-Za-z0-9_-]{8,}\.\w+$/.test(path)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=3600';
}

/**
 * The viewer's ip:port as CloudFront reports it: the socket's. In the test profile every client is on
 * 127.0.0.1, so a test names its client in LOCAL_CLIENT_IP_HEADER, and a request that names none is the client
 * of its connection (a loopback address made from the source port): the suite's many files, browsers included,
 * never add up against one per-IP limit, while a limit's own test counts one named client.
 */
function viewerAddress(req: IncomingMessage, testClientAddress?: boolean): string {
  const port = req.socket.remotePort ?? 0;
  let ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  if (testClientAddress) {
    const named = req.headers[LOCAL_CLIENT_IP_HEADER];
    ip = typeof named === 'string' && isIP(named) ? named : `127.${(port >> 8) & 255}.${port & 255}.1`;
  }
  return `${ip}:${port}`;
}

/** The path as the client sent it, still percent-encoded (route parameters are decoded once, by matchRoute). */
const rawPath = (c: Context<NodeEnv>) => (c.env.incoming.url ?? '/').split('?')[0] || '/';

export async function startGateway(
  options: GatewayOptions,
): Promise<{ server: Server; close(): Promise<void> }> {
  const ordered = orderRoutes(options.routes);
  const baseHeaders: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...options.securityHeaders,
  };
  if (baseHeaders['content-security-policy']) {
    baseHeaders['content-security-policy'] = localCsp(
      baseHeaders['content-security-policy'],
      options.extraConnectSources,
      options.extraImageSources,
    );
  }

  /**
   * `/api/*` as CloudFront forwards it (`direct` false: viewer address and origin secret set by the edge), or as
   * the HTTP API's own public endpoint receives it (`direct`: headers exactly as the caller sent them).
   */
  const api = (direct: boolean) => {
    /** An answer of the HTTP API, with its request id, logged when the access log is on. */
    const answer = (
      c: Context<NodeEnv>,
      started: number,
      requestId: string,
      status: number,
      headers: Record<string, string | string[]>,
      body: Uint8Array | string,
      label = '',
    ) => {
      if (options.accessLog)
        options.log.line(
          'api',
          `${c.req.method} ${c.env.incoming.url} ${status} ${Date.now() - started}ms${label}`,
        );
      const payload = typeof body === 'string' ? body : new Uint8Array(body);
      return c.body(payload, status as 200, { 'apigw-requestid': requestId, ...headers });
    };
    return [
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) =>
          answer(c, Date.now(), randomUUID(), 413, JSON_TYPE, '{"message":"Request Entity Too Large"}'),
      }),
      async (c: Context<NodeEnv>) => {
        const started = Date.now();
        const req = c.env.incoming;
        const requestId = randomUUID();
        const reply = (...rest: [number, Record<string, string | string[]>, Uint8Array | string, string?]) =>
          answer(c, started, requestId, ...rest);
        const body = Buffer.from(await c.req.arrayBuffer());
        const path = direct ? rawPath(c).slice(DIRECT_API_PREFIX.length) : rawPath(c);
        const match = matchRoute(ordered, c.req.method, path);
        if (!match) return reply(404, JSON_TYPE, JSON.stringify(NOT_FOUND));
        const { route, pathParameters } = match;

        let authorizer: { claims: Record<string, string>; scopes: string[] | null } | undefined;
        if (route.authorizer) {
          const outcome = await route.authorizer.authorize(
            req.headers.authorization,
            route.authorizationScopes,
          );
          if (!outcome.ok) {
            const unauthorized = outcome.status === 401;
            return reply(
              outcome.status,
              { ...JSON_TYPE, ...(unauthorized ? { 'www-authenticate': 'Bearer' } : {}) },
              JSON.stringify({ message: unauthorized ? 'Unauthorized' : 'Forbidden' }),
            );
          }
          authorizer = { claims: outcome.claims, scopes: outcome.scopes };
        }

        const url = req.url ?? path;
        const event = buildHttpEvent({
          method: c.req.method,
          url: direct ? url.slice(DIRECT_API_PREFIX.length) : url,
          rawHeaders: req.rawHeaders,
          body,
          sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
          viewerAddress: viewerAddress(req, options.testClientAddress),
          originHeaders: options.apiOriginHeaders,
          direct,
          routeKey: route.routeKey,
          pathParameters,
          authorizer,
          requestId,
        });
        try {
          const response = toHttpResponse(await route.fn.invoke(event));
          const headers: Record<string, string | string[]> = { ...response.headers };
          if (response.cookies.length > 0) headers['set-cookie'] = response.cookies;
          if (!headers['content-type'] && response.body.length > 0)
            headers['content-type'] = 'application/json';
          headers['content-length'] = String(response.body.length);
          return reply(response.statusCode, headers, response.body);
        } catch (error) {
          const detail =
            error instanceof InvocationError && error.remoteStack
              ? error.remoteStack
              : (error as Error).stack;
          options.log.line(route.fn.spec.label, `${route.routeKey} failed: ${detail ?? String(error)}`);
          return reply(500, JSON_TYPE, INTERNAL, ' (handler error)');
        }
      },
    ] as const;
  };

  /** `/images/*`: CloudFront forwards the path unchanged, `/images/products/x.svg` is the object `images/products/x.svg`. */
  function image(c: Context<NodeEnv>): Response | Promise<Response> {
    // S3 holds no key with control characters; s3rver fails (500) on one.
    if (!options.images || /%(?:[01][0-9a-f]|7f)/i.test(rawPath(c)))
      return c.text('Not found', 404, { 'content-type': 'text/plain' });
    c.env.incoming.url = `/${options.images.bucket}${rawPath(c)}`;
    return streamThrough(c, new URL(options.images.origin));
  }

  /**
   * The CloudFront function that picks an address's page (build/site-pages.ts), over the current build: compiled
   * again when index.html changes; undefined while there is no build.
   */
  let rewrite: { built: number; pageOf: (uri: string) => string } | undefined;
  function pageOf(path: string): string | undefined {
    let built: number;
    try {
      built = statSync(join(options.webRoot, 'index.html')).mtimeMs;
    } catch {
      return undefined;
    }
    if (rewrite?.built !== built)
      rewrite = { built, pageOf: compileRewrite(spaRewrite(routePagesIn(options.webRoot))) };
    return rewrite.pageOf(path);
  }

  // The build is read from disk on every request (`dev`), as it may be rebuilt while the site runs; answers
  // are compressed as CloudFront compresses them.
  const files = sirv(options.webRoot, {
    dev: true,
    etag: true,
    setHeaders: (res, path) => res.setHeader('cache-control', cacheControl(path)),
  });
  const compress = compression();

  function site(c: Context<NodeEnv>): Response | Promise<Response> {
    // CloudFront's function gives a client-side route (no file extension) its page; files pass through.
    const page = pageOf(rawPath(c));
    if (page === undefined)
      return c.body(NOT_BUILT, 503, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
    const { incoming: req, outgoing: res } = c.env;
    req.url = page;
    return new Promise((resolve, reject) => {
      res.once('close', () => resolve(RESPONSE_ALREADY_SENT));
      compress(req as never, res as never, (error?: unknown) => {
        if (error) return reject(error);
        files(req, res, () => {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Not found');
        });
      });
    });
  }

  /** `POST /__local/<name>`: a local switch, its JSON body in, its result out. */
  async function control(c: Context<NodeEnv>): Promise<Response> {
    const run = options.controls?.[c.req.path.slice('/__local/'.length)];
    if (!run) return c.json(NOT_FOUND, 404, CONTROL_HEADERS);
    if (c.req.method !== 'POST')
      return c.json({ error: 'POST only' }, 405, { ...CONTROL_HEADERS, allow: 'POST' });
    const raw = await c.req.text();
    let body: unknown;
    try {
      body = raw.length > 0 ? JSON.parse(raw) : undefined;
    } catch {
      return c.json({ error: 'The body must be JSON' }, 400, CONTROL_HEADERS);
    }
    try {
      return c.json((await run(body)) ?? null, 200, CONTROL_HEADERS);
    } catch (error) {
      if (!(error instanceof ControlInputError)) throw error;
      return c.json({ error: error.message }, 400, CONTROL_HEADERS);
    }
  }

  const app = new Hono<NodeEnv>();
  app.onError((error, c) => {
    options.log.line('site', `${c.req.method} ${c.env.incoming.url} failed: ${error.stack ?? error.message}`);
    if (c.env.outgoing.headersSent) {
      c.env.outgoing.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    return c.body(INTERNAL, 500, JSON_TYPE);
  });
  // Local services answer as they are, without the distribution's headers.
  for (const [prefix, routes] of Object.entries(options.localServices ?? {}))
    app.route(`/__local/${prefix}`, routes);
  app.use(async (c, next) => {
    // Set on the node response, so the answers written to it directly (the site's files) carry them too.
    for (const [name, value] of Object.entries(baseHeaders)) c.env.outgoing.setHeader(name, value);
    await next();
  });
  // The HTTP API's own endpoint (the deployed stack outputs it as ApiUrl): no CloudFront in front.
  app.all(`${DIRECT_API_PREFIX}/api/*`, ...api(true));
  app.all(
    '/__local/*',
    bodyLimit({
      maxSize: MAX_CONTROL_BODY_BYTES,
      onError: (c) => c.json({ error: 'Body too large' }, 413, CONTROL_HEADERS),
    }),
    control,
  );
  app.all('/api', ...api(false));
  app.all('/api/*', ...api(false));
  app.on(['GET', 'HEAD'], '/images/*', image);
  app.on(['GET', 'HEAD'], '*', site);
  app.all('*', (c) => c.body(null, 405, { allow: 'GET, HEAD' }));

  const listening = await listen(app, { port: options.port, name: 'The site' });
  return { server: listening.server, close: listening.close };
}
