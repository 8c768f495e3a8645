/**
 * What the local servers share: a Hono app listening on @hono/node-server (one clear line when the port is
 * taken), and the pieces of the proxies in front of an emulator: a request passed on whole or streamed through.
 */
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { LocalStackError } from './errors.js';

/** The Hono environment of a local server: the node request and response stay reachable. */
export type NodeEnv = { Bindings: HttpBindings };

export interface Listening {
  server: Server;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `app` (a Hono app, or a Node request handler such as s3rver's) on `port` (0: any free one). A failed
 * listen is one line naming `name`; a later server error is only reported.
 */
export async function listen(
  app: { fetch: (request: Request, env: HttpBindings) => unknown } | RequestListener,
  options: { port: number; host?: string; name: string },
): Promise<Listening> {
  const { port, name } = options;
  const server =
    typeof app === 'function'
      ? createServer(app)
      : (createAdaptorServer({ fetch: app.fetch as never }) as Server);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new LocalStackError(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is in use (${name}): stop whatever uses it or set LOCAL_PORT_OFFSET.`
            : `${name} could not listen on port ${port}: ${error.message}`,
        ),
      ),
    );
    server.listen(port, options.host ?? '127.0.0.1', () => {
      server.removeAllListeners('error');
      server.on('error', (error) => process.stderr.write(`[${name}] ${error.message}\n`));
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    origin: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An emulator's whole answer. */
export interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const HOP_BY_HOP = new Set(['transfer-encoding', 'connection', 'keep-alive']);

/**
 * Sends one request to the emulator and reads its whole answer. The Host header names the emulator, unless
 * `keepHost` sends on the client's (a signature that covers it, as S3's does, then still matches). The body
 * is sent whole with its length, whatever framing the client used.
 */
export const forwardRequest = (
  upstream: URL,
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  payload: unknown,
  keepHost = false,
): Promise<Upstream> =>
  new Promise((resolve, reject) => {
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method,
        path,
        headers: {
          ...kept,
          ...(keepHost && kept.host ? {} : { host: upstream.host }),
          'content-length': String(body.length),
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: answer.statusCode ?? 502, headers: flat, body: Buffer.concat(chunks) });
        });
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });

/** An emulator's answer as the client gets it; a HEAD answer keeps the length a GET would send (HeadObject). */
export function relay(answer: Upstream, method = 'GET'): Response {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'content-length'),
  );
  const length = method === 'HEAD' ? answer.headers['content-length'] : undefined;
  headers['content-length'] = length ?? String(answer.body.length);
  const bodiless = [204, 205, 304].includes(answer.status) || method === 'HEAD';
  return new Response(bodiless ? null : new Uint8Array(answer.body), { status: answer.status, headers });
}

/**
 * Streams the request through to the emulator and its answer back, untouched (the client's Host header kept
 * with `keepHost`); `body` is sent instead of the request's when it was read already.
 */
export function streamThrough(
  c: Context<NodeEnv>,
  upstream: URL,
  options: { keepHost?: boolean; body?: Buffer } = {},
): Promise<Response> {
  const { incoming: req, outgoing: res } = c.env;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: options.keepHost ? req.headers : { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => resolve(RESPONSE_ALREADY_SENT));
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (options.body) outgoing.end(options.body);
    else req.pipe(outgoing);
  });
}

/** A JSON object, or undefined when the text is not one. */
export function parseObject(body: Buffer | string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body.toString()) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Text safe inside XML (S3's error documents, the seeded SVG pictures). */
export const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
