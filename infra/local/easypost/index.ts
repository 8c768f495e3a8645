/**
 * A local stand-in for the part of EasyPost's API v2 the label worker uses (address verification, shipments,
 * buying, USPS QR forms, refunds) and for the tracker webhooks EasyPost sends, so the unchanged `@easypost/api`
 * client works offline: `npm start` points the worker at it, and integration tests queue failures through its
 * `/__control/*` endpoints. Labels and QR codes are real files that say TEST / NOT FOR SHIPPING.
 *
 * api-routes.ts answers `/v2/` and `/files/`, control-routes.ts `/__control/`, store.ts holds the data and
 * documents.ts draws the label and the QR code.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalStackError } from '../errors.js';
import { apiRoutes } from './api-routes.js';
import { controlRoutes } from './control-routes.js';
import { ApiError, notFound, pathSegments, readRequestBody, sendError, sendJson } from './http.js';
import { EasyPostStore } from './store.js';

export interface EasyPostServerOptions {
  port: number; // 0 = any free port
  host?: string; // default '127.0.0.1'
  /** Where EasyPost events are POSTed (our webhook), and the secret to sign them with; read at send time. */
  webhook?: { url: string; secret: () => string | undefined };
  log?: (line: string) => void;
}

export interface EasyPostTestServer {
  /** `http://localhost:<port>`: browsers load label and QR files from it. */
  origin: string;
  /** `${origin}/v2/`, for `new EasyPostClient(key, { baseUrl: apiBaseUrl })`. */
  apiBaseUrl: string;
  close(): Promise<void>;
}

export async function startEasyPostServer(options: EasyPostServerOptions): Promise<EasyPostTestServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  // Aborted by close(), so delayed answers and webhook deliveries never hold the process open.
  const closing = new AbortController();
  const store = new EasyPostStore();
  let origin = '';
  const { handleApi, handleFile } = apiRoutes({ store, origin: () => origin, closing: closing.signal });
  const { handleControl } = controlRoutes({ store, webhook: options.webhook, log, closing: closing.signal });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0];
    let status = 500;
    try {
      const raw = await readRequestBody(req);
      const [root, ...segments] = pathSegments(path);
      if (root === 'files') {
        const file = await handleFile(method, segments);
        status = 200;
        res.writeHead(200, {
          'content-type': file.type,
          'content-length': file.body.length,
          'access-control-allow-origin': '*',
          'cache-control': 'no-store',
        });
        res.end(file.body);
        return;
      }
      if (root !== '__control' && root !== 'v2') throw notFound();
      const [code, body] =
        root === '__control'
          ? await handleControl(method, segments, raw)
          : await handleApi(req, segments, raw);
      status = code;
      sendJson(res, code, body);
    } catch (error) {
      if (closing.signal.aborted) return;
      if (!(error instanceof ApiError)) log(`${method} ${path} failed: ${error}`);
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, 'INTERNAL_SERVER_ERROR', 'The test server failed to answer.');
      status = apiError.status;
      sendError(res, apiError);
    } finally {
      if (!closing.signal.aborted) log(`${method} ${path} ${status}`);
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new LocalStackError(
              `Port ${options.port} is in use (EasyPost test server): stop whatever uses it or set LOCAL_PORT_OFFSET.`,
            )
          : error,
      );
    });
    server.listen({ port: options.port, host }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://localhost:${port}`;

  let closed: Promise<void> | undefined;
  return {
    origin,
    apiBaseUrl: `${origin}/v2/`,
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive; without this, close() waits for them to time out.
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
