/**
 * The local site, playing CloudFront in front of API Gateway and two buckets: `/api/*` goes to the HTTP API
 * routes of the template (JWT authorizer included), `/images/*` to the images bucket, everything else to the
 * built web app with an SPA fallback. One port, like the one domain the deployed site has.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, readFileSync, type Stats, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { compileRewrite, routePagesIn, spaRewrite } from '../../build/site-pages.js';
import type { JwtAuthorizer } from './authorizer.js';
import { LocalStackError } from './errors.js';
import { buildHttpEvent, LOCAL_CLIENT_IP_HEADER, toHttpResponse } from './events.js';
import { readBody } from './http-body.js';
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
  images?: { s3: S3Client; bucket: string };
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
  /** Local-only services under `/__local/<prefix>` (e.g. the fake breach-range API); `rest` is the path after it. */
  localServices?: Array<{
    prefix: string;
    handle(req: IncomingMessage, res: ServerResponse, rest: string): Promise<void>;
  }>;
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

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const NOT_FOUND = json({ error: { code: 'not_found', message: 'Not found' } });
/** What the HTTP API answers when its Lambda fails (an error thrown, a time-out, a crash). */
const INTERNAL = json({ message: 'Internal Server Error' });

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

const compressible = (contentType: string) =>
  /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(contentType);

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

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

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
  const fileCache = new Map<string, CachedFile>();

  const send = (
    res: ServerResponse,
    status: number,
    headers: Record<string, string | string[]>,
    body?: Buffer,
  ) => {
    res.writeHead(status, { ...baseHeaders, ...headers, 'content-length': String(body?.length ?? 0) });
    res.end(res.req.method === 'HEAD' ? undefined : body);
  };

  /**
   * The viewer's ip:port as CloudFront reports it: the socket's. In the test profile every client is on
   * 127.0.0.1, so a test names its client in LOCAL_CLIENT_IP_HEADER, and a request that names none is the
   * client of its connection (a loopback address made from the source port): the suite's many files, browsers
   * included, never add up against one per-IP limit, while a limit's own test counts one named client.
   */
  function viewerAddress(req: IncomingMessage): string {
    const port = req.socket.remotePort ?? 0;
    let ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    if (options.testClientAddress) {
      const named = req.headers[LOCAL_CLIENT_IP_HEADER];
      ip = typeof named === 'string' && isIP(named) ? named : `127.${(port >> 8) & 255}.${port & 255}.1`;
    }
    return `${ip}:${port}`;
  }

  /**
   * `/api/*` as CloudFront forwards it (`direct` false: viewer address and origin secret set by the edge), or as
   * the HTTP API's own public endpoint receives it (`direct`: headers exactly as the caller sent them).
   */
  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    direct = false,
  ): Promise<void> {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const requestId = randomUUID();
    const idHeader = { 'apigw-requestid': requestId };
    const finish = (status: number, headers: Record<string, string | string[]>, body: Buffer, label = '') => {
      send(res, status, { ...idHeader, ...headers }, body);
      if (options.accessLog)
        options.log.line('api', `${method} ${req.url} ${status} ${Date.now() - started}ms${label}`);
    };

    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body)
      return finish(
        413,
        { 'content-type': 'application/json' },
        json({ message: 'Request Entity Too Large' }),
      );
    const match = matchRoute(ordered, method, path);
    if (!match) return finish(404, { 'content-type': 'application/json' }, NOT_FOUND);
    const { route, pathParameters } = match;

    let authorizer: { claims: Record<string, string>; scopes: string[] | null } | undefined;
    if (route.authorizer) {
      const outcome = await route.authorizer.authorize(req.headers.authorization, route.authorizationScopes);
      if (!outcome.ok) {
        const message = outcome.status === 401 ? 'Unauthorized' : 'Forbidden';
        return finish(
          outcome.status,
          {
            'content-type': 'application/json',
            ...(outcome.status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
          },
          json({ message }),
        );
      }
      authorizer = { claims: outcome.claims, scopes: outcome.scopes };
    }

    const event = buildHttpEvent({
      method,
      url: direct ? (req.url ?? path).slice(DIRECT_API_PREFIX.length) : (req.url ?? path),
      rawHeaders: req.rawHeaders,
      body,
      sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
      viewerAddress: viewerAddress(req),
      originHeaders: options.apiOriginHeaders,
      direct,
      routeKey: route.routeKey,
      pathParameters,
      authorizer,
      requestId,
    });
    try {
      const result = await route.fn.invoke(event);
      const response = toHttpResponse(result);
      const headers: Record<string, string | string[]> = { ...response.headers };
      if (response.cookies.length > 0) headers['set-cookie'] = response.cookies;
      if (!headers['content-type'] && response.body.length > 0) headers['content-type'] = 'application/json';
      finish(response.statusCode, headers, response.body);
    } catch (error) {
      const detail =
        error instanceof InvocationError && error.remoteStack ? error.remoteStack : (error as Error).stack;
      options.log.line(route.fn.spec.label, `${route.routeKey} failed: ${detail ?? String(error)}`);
      finish(500, { 'content-type': 'application/json' }, INTERNAL, ' (handler error)');
    }
  }

  async function handleImage(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { allow: 'GET, HEAD' });
    if (!options.images) return send(res, 404, { 'content-type': 'text/plain' }, Buffer.from('Not found'));
    // CloudFront forwards the path unchanged: `/images/products/x.svg` is the object `images/products/x.svg`.
    let key: string;
    try {
      key = decodeURIComponent(path.slice(1));
    } catch {
      return send(res, 400, { 'content-type': 'text/plain' }, Buffer.from('Bad request'));
    }
    try {
      const object = await options.images.s3.send(
        new GetObjectCommand({ Bucket: options.images.bucket, Key: key }),
      );
      const headers: Record<string, string> = {
        'content-type': object.ContentType ?? CONTENT_TYPES[extname(key)] ?? 'application/octet-stream',
        'cache-control': object.CacheControl ?? 'public, max-age=86400',
      };
      if (object.ETag) headers.etag = object.ETag;
      if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
      if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
      res.writeHead(200, { ...baseHeaders, ...headers });
      const stream = object.Body as Readable;
      if (req.method === 'HEAD') {
        stream.destroy();
        res.end();
      } else stream.pipe(res);
      return;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if ((error as Error).name !== 'NoSuchKey' && status !== 404) throw error;
    }
    send(res, 404, { 'content-type': 'text/plain' }, Buffer.from('Not found'));
  }

  function fileFor(path: string): { file: string; stats: Stats } | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    const file = normalize(join(options.webRoot, decoded));
    if (file !== options.webRoot && !file.startsWith(options.webRoot + sep)) return undefined;
    try {
      const stats = statSync(file);
      if (stats.isFile()) return { file, stats };
      if (stats.isDirectory()) {
        const index = join(file, 'index.html');
        const indexStats = statSync(index);
        return indexStats.isFile() ? { file: index, stats: indexStats } : undefined;
      }
    } catch {
      return undefined;
    }
    return undefined;
  }

  /**
   * The CloudFront function that picks an address's page (build/site-pages.ts), run over the
   * current build as the deployed stack runs it over the build it deployed; compiled again when the build
   * changes (its index.html is written anew). Undefined while there is no build: one look at index.html per
   * request tells both.
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

  function handleStatic(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { allow: 'GET, HEAD' });
    // CloudFront's function gives a client-side route (no file extension) its page; files pass through.
    const page = pageOf(path);
    if (page === undefined) {
      const notBuilt =
        '<!doctype html><title>Web app not built</title><p>The web app is not built yet: run <code>npm run build:web</code> and reload.</p>';
      return send(
        res,
        503,
        { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
        Buffer.from(notBuilt),
      );
    }
    const found = fileFor(page);
    if (!found)
      return send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, Buffer.from('Not found'));

    const { file, stats } = found;
    const contentType = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const relative = file.slice(options.webRoot.length).split(sep).join('/');
    const cacheControl =
      relative === '/index.html' || extname(file) === '.html'
        ? 'no-cache'
        : /^\/assets\/.+[.-][A-Za-z0-9_-]{8,}\.\w+$/.test(relative)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600';
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      'content-type': contentType,
      'cache-control': cacheControl,
      etag,
      vary: 'accept-encoding',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ...baseHeaders, ...headers });
      res.end();
      return;
    }
    if (stats.size > 5 * 1024 * 1024 || !compressible(contentType)) {
      res.writeHead(200, { ...baseHeaders, ...headers, 'content-length': String(stats.size) });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return;
    }
    let cached = fileCache.get(file);
    if (!cached || cached.mtimeMs !== stats.mtimeMs || cached.size !== stats.size) {
      cached = { mtimeMs: stats.mtimeMs, size: stats.size, body: readFileSync(file) };
      fileCache.set(file, cached);
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (cached.body.length > 1024 && /\bbr\b/.test(accept)) {
      cached.br ??= brotliCompressSync(cached.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } });
      return send(res, 200, { ...headers, 'content-encoding': 'br' }, cached.br);
    }
    if (cached.body.length > 1024 && /\bgzip\b/.test(accept)) {
      cached.gzip ??= gzipSync(cached.body, { level: 9 });
      return send(res, 200, { ...headers, 'content-encoding': 'gzip' }, cached.gzip);
    }
    send(res, 200, headers, cached.body);
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const control = options.controls?.[path.slice('/__local/'.length)];
    const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
    if (!control) return send(res, 404, headers, NOT_FOUND);
    if (req.method !== 'POST')
      return send(res, 405, { ...headers, allow: 'POST' }, json({ error: 'POST only' }));
    const raw = await readBody(req, MAX_BODY_BYTES);
    if (!raw || raw.length > MAX_CONTROL_BODY_BYTES)
      return send(res, 413, headers, json({ error: 'Body too large' }));
    let body: unknown;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return send(res, 400, headers, json({ error: 'The body must be JSON' }));
      }
    }
    try {
      send(res, 200, headers, json((await control(body)) ?? null));
    } catch (error) {
      if (!(error instanceof ControlInputError)) throw error;
      send(res, 400, headers, json({ error: error.message }));
    }
  }

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] || '/';
    const handle = async () => {
      // The HTTP API's own endpoint (the deployed stack outputs it as ApiUrl): no CloudFront in front.
      if (path.startsWith(`${DIRECT_API_PREFIX}/api/`)) {
        return handleApi(req, res, path.slice(DIRECT_API_PREFIX.length), true);
      }
      if (path.startsWith('/__local/')) {
        for (const service of options.localServices ?? []) {
          const base = `/__local/${service.prefix}/`;
          if (path.startsWith(base)) return service.handle(req, res, path.slice(base.length));
        }
        return handleControl(req, res, path);
      }
      if (path === '/api' || path.startsWith('/api/')) return handleApi(req, res, path);
      if (path.startsWith('/images/')) return handleImage(req, res, path);
      return handleStatic(req, res, path);
    };
    handle().catch((error: Error) => {
      options.log.line('site', `${req.method} ${url} failed: ${error.stack ?? error.message}`);
      if (!res.headersSent) send(res, 500, { 'content-type': 'application/json' }, INTERNAL);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(new LocalStackError(`The site could not listen on port ${options.port}: ${error.message}`)),
    );
    server.listen(options.port, '127.0.0.1', () => {
      server.removeAllListeners('error');
      server.on('error', (error) => options.log.line('site', `server error: ${error.message}`));
      resolve();
    });
  });

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
