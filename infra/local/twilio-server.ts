/**
 * The local stand-in for Twilio's Messages API: the official client (functions/lib/twilio.ts, pointed here by
 * TWILIO_BASE_URL) creates messages, gets realistic SIDs and Twilio's error codes, and the status callbacks
 * come back signed with the account's auth token, as Twilio signs them. Nothing leaves the machine.
 *
 * Magic numbers (Twilio's test numbers): To +15005550001 → 21211 invalid number, +15005550004 → 21610
 * unsubscribed, +15005550009 → 21614 not a mobile number, +15005550010 → sent, then undelivered (30003).
 * Control routes: GET /__control/messages, POST /__control/inbound {from, body}, POST /__control/mode
 * {mode: ok|fail-next|down|callbacks-first}, POST /__control/reset.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import { inboundKeyword } from '../../shared/schemas/twilio-webhooks.js';
import { readBody } from './http-body.js';

export interface TwilioServerOptions {
  port: number;
  host?: string;
  /** The auth token the local secret file holds now (read on every request: staff may change it). */
  authToken: () => string | undefined;
  /** Where inbound messages (STOP, START) are posted. */
  inboundUrl: string;
  /** Milliseconds between a message's creation and each status callback. */
  callbackDelayMs?: number;
  log?: (line: string) => void;
}

export interface TwilioTestServer {
  origin: string;
  apiBaseUrl: string;
  close(): Promise<void>;
}

interface Message {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  error_code: number | null;
  date_created: string;
  status_callback?: string;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const REFUSED: Record<string, [number, string]> = {
  '+15005550001': [21211, "The 'To' number +15005550001 is not a valid phone number."],
  '+15005550004': [21610, 'Attempt to send to unsubscribed recipient'],
  '+15005550009': [21614, "'To' number is not a valid mobile number"],
};
const UNDELIVERABLE = '+15005550010';

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTwilioServer(options: TwilioServerOptions): Promise<TwilioTestServer> {
  const log = options.log ?? (() => {});
  const delay = options.callbackDelayMs ?? 200;
  let messages: Message[] = [];
  const optedOut = new Set<string>();
  /** 'callbacks-first': every status callback is posted before the create call is answered (a slow network). */
  let mode: 'ok' | 'fail-next' | 'down' | 'callbacks-first' = 'ok';
  let closed = false;
  let lastFrom = '+15005550006';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const resource = (m: Message) => ({
    ...m,
    date_updated: new Date().toUTCString(),
    date_sent: null,
    direction: 'outbound-api',
    num_segments: String(Math.max(1, Math.ceil(m.body.length / 153))),
    num_media: '0',
    error_message: null,
    price: null,
    price_unit: 'USD',
    api_version: '2010-04-01',
    messaging_service_sid: null,
    uri: `/2010-04-01/Accounts/${m.account_sid}/Messages/${m.sid}.json`,
    subresource_uris: { media: `/2010-04-01/Accounts/${m.account_sid}/Messages/${m.sid}/Media.json` },
  });

  /** Posts a form signed as Twilio signs it; a failing receiver is retried, then the post is dropped. */
  async function postSigned(url: string, form: Record<string, string>): Promise<number> {
    const token = options.authToken() ?? '';
    for (let attempt = 1; attempt <= 3 && !closed; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': getExpectedTwilioSignature(token, url, form),
          },
          body: new URLSearchParams(form).toString(),
        });
        if (res.ok || res.status < 500) return res.status;
      } catch {
        // Not up yet, or gone: retry below.
      }
      await sleep(200 * attempt);
    }
    log(`gave up posting to ${url}`);
    return 0;
  }

  async function sendCallbacks(m: Message, pause = delay) {
    const steps: Array<[string, number | null]> =
      m.to === UNDELIVERABLE
        ? [
            ['sent', null],
            ['undelivered', 30003],
          ]
        : [
            ['sent', null],
            ['delivered', null],
          ];
    for (const [status, errorCode] of steps) {
      await sleep(pause);
      if (closed) return;
      m.status = status;
      m.error_code = errorCode;
      if (!m.status_callback) continue;
      await postSigned(m.status_callback, {
        AccountSid: m.account_sid,
        ApiVersion: '2010-04-01',
        From: m.from,
        To: m.to,
        MessageSid: m.sid,
        SmsSid: m.sid,
        MessageStatus: status,
        SmsStatus: status,
        ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
      });
    }
  }

  function authorized(req: IncomingMessage, accountSid: string): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user, pass] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    const token = options.authToken();
    return user === accountSid && !!token && pass === token;
  }

  async function createMessage(req: IncomingMessage, res: ServerResponse, accountSid: string) {
    if (!authorized(req, accountSid)) return twilioError(res, 401, 20003, 'Authenticate');
    if (mode === 'down' || mode === 'fail-next') {
      if (mode === 'fail-next') mode = 'ok';
      return twilioError(res, 503, 20500, 'Service Unavailable');
    }
    const form = new URLSearchParams((await readBody(req, 64 * 1024))?.toString('utf8') ?? '');
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!E164.test(to))
      return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!E164.test(from))
      return twilioError(res, 400, 21212, `The 'From' number ${from} is not a valid phone number.`);
    if (body === '') return twilioError(res, 400, 21602, 'Message body is required.');
    const refused = REFUSED[to] ?? (optedOut.has(to) ? REFUSED['+15005550004'] : undefined);
    if (refused) return twilioError(res, 400, refused[0], refused[1]);
    lastFrom = from;
    const message: Message = {
      sid: sid('SM'),
      account_sid: accountSid,
      to,
      from,
      body,
      status: 'queued',
      error_code: null,
      date_created: new Date().toUTCString(),
      status_callback: form.get('StatusCallback') ?? undefined,
    };
    messages.push(message);
    if (mode === 'callbacks-first') {
      // Twilio may call back before its answer reaches the sender: the webhook hears of a SID nobody stored.
      await sendCallbacks(message, 0);
      return json(res, 201, resource(message));
    }
    json(res, 201, resource(message));
    void sendCallbacks(message);
  }

  async function control(req: IncomingMessage, res: ServerResponse, name: string) {
    const input = req.method === 'POST' ? await readBody(req, 16 * 1024) : undefined;
    let body: Record<string, unknown> = {};
    try {
      body = input?.length ? JSON.parse(input.toString('utf8')) : {};
    } catch {
      return json(res, 400, { error: 'Send JSON' });
    }
    if (name === 'messages' && req.method === 'GET') return json(res, 200, messages.map(resource));
    if (name === 'reset' && req.method === 'POST') {
      messages = [];
      optedOut.clear();
      mode = 'ok';
      return json(res, 200, { reset: true });
    }
    if (name === 'mode' && req.method === 'POST') {
      if (!['ok', 'fail-next', 'down', 'callbacks-first'].includes(String(body.mode)))
        return json(res, 400, { error: 'Send {"mode":"ok"|"fail-next"|"down"|"callbacks-first"}' });
      mode = body.mode as typeof mode;
      return json(res, 200, { mode });
    }
    if (name === 'inbound' && req.method === 'POST') {
      const from = typeof body.from === 'string' ? body.from : '';
      const text = typeof body.body === 'string' ? body.body : '';
      if (!E164.test(from)) return json(res, 400, { error: 'Send {"from":"+1...","body":"STOP"}' });
      const keyword = inboundKeyword(text);
      if (keyword === 'opt-out') optedOut.add(from);
      if (keyword === 'opt-in') optedOut.delete(from);
      const status = await postSigned(options.inboundUrl, {
        AccountSid: messages.at(-1)?.account_sid ?? '',
        ApiVersion: '2010-04-01',
        MessageSid: sid('SM'),
        SmsSid: sid('SM'),
        From: from,
        To: lastFrom,
        Body: text,
        NumMedia: '0',
      });
      return json(res, 200, { webhookStatus: status });
    }
    json(res, 404, { error: 'Unknown control' });
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const create = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\.json$/.exec(path);
    const fetchOne = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\/(SM[0-9a-f]{32})\.json$/.exec(
      path,
    );
    const controlName = /^\/__control\/([a-z-]+)$/.exec(path)?.[1];
    const done = (error: unknown) => {
      log(`request failed: ${(error as Error).message}`);
      if (!res.headersSent) twilioError(res, 500, 20500, 'Internal Server Error');
    };
    if (create && req.method === 'POST') return void createMessage(req, res, create[1]).catch(done);
    if (fetchOne && req.method === 'GET') {
      if (!authorized(req, fetchOne[1])) return twilioError(res, 401, 20003, 'Authenticate');
      const found = messages.find((m) => m.sid === fetchOne[2]);
      return found
        ? json(res, 200, resource(found))
        : twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
    }
    if (controlName) return void control(req, res, controlName).catch(done);
    twilioError(res, 404, 20404, `The requested resource ${path} was not found`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  return {
    origin,
    apiBaseUrl: origin,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
