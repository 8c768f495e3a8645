/** Pieces of the local proxies that sit in front of an emulator (cognito-proxy.ts, ses-proxy.ts). */
import { type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { LocalStackError } from './errors.js';

/** An emulator's whole answer. */
export interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends one request to the emulator and reads its whole answer. */
export const forwardRequest = (
  upstream: URL,
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  payload: unknown,
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
        headers: { ...kept, host: upstream.host, 'content-length': String(body.length) },
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
  res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
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
