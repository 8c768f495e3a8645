/**
 * Pieces of the local proxies that sit in front of an emulator (cognito-proxy.ts, ses-proxy.ts), and the one
 * request hook the cost meter and the table-access recorder watch DynamoDB (and SQS, S3, SES) through.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalStackError } from './errors.js';

/** An emulator's whole answer. */
export interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Sends one request to the emulator and reads its whole answer. The Host header names the emulator, unless
 * `keepHost` sends on the client's (a signature that covers it, as S3's does, then still matches).
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
    // The body is sent whole with its length, whatever framing the client used.
    const { 'transfer-encoding': _framing, connection: _connection, ...kept } = headers;
    const outgoing = request(
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

/** Passes an emulator's answer on to the client. */
export const relayAnswer = (res: ServerResponse, answer: Upstream) => {
  const headers = { ...answer.headers };
  delete headers['transfer-encoding'];
  delete headers.connection;
  // A HEAD answer has no body, but its length is the one a GET would send (S3's HeadObject reads it).
  const length = res.req?.method === 'HEAD' ? headers['content-length'] : undefined;
  res.writeHead(answer.status, { ...headers, 'content-length': length ?? String(answer.body.length) });
  res.end(answer.body);
};

/** Streams a request the proxy does not need to read through to the emulator, and its answer back. */
export const streamThrough = (upstream: URL, req: IncomingMessage, res: ServerResponse): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const outgoing = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    req.pipe(outgoing);
  });

/**
 * Listens on the proxy's public port (an error there fails the start with the emulator's name; later ones are
 * only reported) and answers how to reach and stop it.
 */
export async function listenProxy(
  server: Server,
  port: number,
  name: string,
): Promise<{ origin: string; close(): Promise<void> }> {
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(new LocalStackError(`${name} could not listen on port ${port}: ${error.message}`)),
    );
    server.listen(port, '127.0.0.1', () => {
      server.removeAllListeners('error');
      server.on('error', (error) => process.stderr.write(`[${name}] ${error.message}\n`));
      resolve();
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What a hooked proxy does with each request besides passing it on (all optional). */
export interface RequestHook {
  /** The path sent on; the client's by default. */
  path?(req: IncomingMessage): string;
  /** The body sent on; the client's by default. */
  rewrite?(req: IncomingMessage, body: Buffer): Buffer;
  /** Sees each exchange once the answer is whole. Should it throw, the client is answered all the same. */
  seen?(req: IncomingMessage, body: Buffer, answer: Upstream): void;
  /** Sends the client's Host header on (see forwardRequest). */
  keepHost?: boolean;
}

/**
 * A proxy on a free local port in front of `upstream` that reads each request whole, forwards it (forwardRequest)
 * and relays the answer (relayAnswer), telling `hook` about it. An upstream that cannot be reached is a 502
 * naming the proxy.
 */
export async function startHookedProxy(
  upstream: string,
  name: string,
  hook: RequestHook,
): Promise<{ origin: string; close(): Promise<void> }> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = Buffer.concat(chunks);
      const body = hook.rewrite?.(req, received) ?? received;
      const path = hook.path?.(req) ?? req.url ?? '/';
      forwardRequest(target, req.method ?? 'GET', path, req.headers, body, hook.keepHost)
        .then((answer) => {
          try {
            hook.seen?.(req, body, answer);
          } catch {
            // What the hook could not read changes nothing for the client.
          }
          relayAnswer(res, answer);
        })
        .catch((error: Error) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`${name}: ${error.message}`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
