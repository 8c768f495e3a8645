/**
 * A local stand-in for the part of EasyPost's API v2 the label worker uses (address verification, shipments,
 * buying, USPS QR forms, refunds) and for the tracker webhooks EasyPost sends, so the unchanged `@easypost/api`
 * client works offline: `npm start` points the worker at it, and integration tests queue failures through its
 * `/__control/*` endpoints. Labels and QR codes are real files that say TEST / NOT FOR SHIPPING.
 *
 * api-routes.ts answers `/v2/` and `/files/`, control-routes.ts `/__control/`, store.ts holds the data and
 * documents.ts draws the label and the QR code.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { listen } from '../../local/http.js';
import { apiRoutes } from './api-routes.js';
import { controlRoutes } from './control-routes.js';
import { ApiError, badRequest, errorAnswer, notFound } from './http.js';
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
  const log = options.log ?? (() => {});
  // Aborted by close(), so delayed answers and webhook deliveries never hold the process open.
  const closing = new AbortController();
  const store = new EasyPostStore();
  let origin = '';
  const { api, files } = apiRoutes({ store, origin: () => origin, closing: closing.signal });
  const app = new Hono()
    .use(async (c, next) => {
      await next();
      if (!closing.signal.aborted) log(`${c.req.method} ${c.req.path} ${c.res.status}`);
    })
    .use(
      bodyLimit({
        maxSize: 1024 * 1024,
        onError: (c) => errorAnswer(c, badRequest('The request body is too large.')),
      }),
    )
    .route('/v2', api)
    .route('/files', files)
    .route('/__control', controlRoutes({ store, webhook: options.webhook, log, closing: closing.signal }))
    .notFound((c) => errorAnswer(c, notFound()))
    .onError((error, c) => {
      if (!(error instanceof ApiError)) log(`${c.req.method} ${c.req.path} failed: ${error}`);
      return errorAnswer(
        c,
        error instanceof ApiError
          ? error
          : new ApiError(500, 'INTERNAL_SERVER_ERROR', 'The test server failed to answer.'),
      );
    });
  const listening = await listen(app, {
    port: options.port,
    host: options.host,
    name: 'EasyPost test server',
  });
  origin = `http://localhost:${listening.port}`;

  let closed: Promise<void> | undefined;
  return {
    origin,
    apiBaseUrl: `${origin}/v2/`,
    close() {
      // Delayed answers and webhook deliveries end at once, so they never hold the process open.
      closing.abort();
      closed ??= listening.close();
      return closed;
    },
  };
}
