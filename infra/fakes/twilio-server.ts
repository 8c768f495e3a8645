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
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import * as z from 'zod/mini';
import { inboundKeyword } from '../../shared/schemas/twilio-webhooks.js';
import { listen } from '../local/http.js';

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

const MODES = ['ok', 'fail-next', 'down', 'callbacks-first'] as const;
const ZMode = z.object({ mode: z.enum(MODES) });
const ZInbound = z.object({ from: z.string().check(z.regex(E164)), body: z.optional(z.string()) });
const ACCOUNT = 'AC[0-9a-fA-F]{32}';

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTwilioServer(options: TwilioServerOptions): Promise<TwilioTestServer> {
  const log = options.log ?? (() => {});
  const delay = options.callbackDelayMs ?? 200;
  let messages: Message[] = [];
  const optedOut = new Set<string>();
  /** 'callbacks-first': every status callback is posted before the create call is answered (a slow network). */
  let mode: (typeof MODES)[number] = 'ok';
  let closed = false;
  let lastFrom = '+15005550006';

  const twilioError = (c: Context, status: number, code: number, message: string) =>
    c.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, status as 400);
  const notFound = (c: Context) =>
    twilioError(c, 404, 20404, `The requested resource ${c.req.path} was not found`);

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
    const last: [string, number | null] =
      m.to === UNDELIVERABLE ? ['undelivered', 30003] : ['delivered', null];
    for (const [status, errorCode] of [['sent', null], last] as const) {
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

  function authorized(c: Context, accountSid: string): boolean {
    const header = c.req.header('authorization') ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user, pass] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    const token = options.authToken();
    return user === accountSid && !!token && pass === token;
  }

  const app = new Hono();
  app.onError((error, c) => {
    log(`request failed: ${error.message}`);
    return twilioError(c, 500, 20500, 'Internal Server Error');
  });
  app.post(
    `/2010-04-01/Accounts/:account{${ACCOUNT}}/Messages.json`,
    bodyLimit({ maxSize: 64 * 1024, onError: (c) => twilioError(c, 413, 20001, 'Request too large') }),
    async (c) => {
      const accountSid = c.req.param('account');
      if (!authorized(c, accountSid)) return twilioError(c, 401, 20003, 'Authenticate');
      if (mode === 'down' || mode === 'fail-next') {
        if (mode === 'fail-next') mode = 'ok';
        return twilioError(c, 503, 20500, 'Service Unavailable');
      }
      const form = new URLSearchParams(await c.req.text());
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (!E164.test(to))
        return twilioError(c, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!E164.test(from))
        return twilioError(c, 400, 21212, `The 'From' number ${from} is not a valid phone number.`);
      if (body === '') return twilioError(c, 400, 21602, 'Message body is required.');
      const refused = REFUSED[to] ?? (optedOut.has(to) ? REFUSED['+15005550004'] : undefined);
      if (refused) return twilioError(c, 400, refused[0], refused[1]);
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
      // Twilio may call back before its answer reaches the sender: the webhook hears of a SID nobody stored.
      if (mode === 'callbacks-first') await sendCallbacks(message, 0);
      else void sendCallbacks(message);
      return c.json(resource(message), 201);
    },
  );
  app.get(`/2010-04-01/Accounts/:account{${ACCOUNT}}/Messages/:sid{SM[0-9a-f]{32}}.json`, (c) => {
    if (!authorized(c, c.req.param('account'))) return twilioError(c, 401, 20003, 'Authenticate');
    const found = messages.find((m) => m.sid === c.req.param('sid'));
    return found ? c.json(resource(found)) : notFound(c);
  });

  // Test controls.
  const control = new Hono();
  const readJson = async (c: Context) => {
    const text = await c.req.text();
    return text ? (JSON.parse(text) as unknown) : {};
  };
  control.onError((_error, c) => c.json({ error: 'Send JSON' }, 400));
  control.get('/messages', (c) => c.json(messages.map(resource)));
  control.post('/reset', (c) => {
    messages = [];
    optedOut.clear();
    mode = 'ok';
    return c.json({ reset: true });
  });
  control.post('/mode', async (c) => {
    const parsed = ZMode.safeParse(await readJson(c));
    if (!parsed.success)
      return c.json({ error: 'Send {"mode":"ok"|"fail-next"|"down"|"callbacks-first"}' }, 400);
    mode = parsed.data.mode;
    return c.json({ mode });
  });
  control.post('/inbound', async (c) => {
    const parsed = ZInbound.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: 'Send {"from":"+1...","body":"STOP"}' }, 400);
    const { from, body: text = '' } = parsed.data;
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
    return c.json({ webhookStatus: status });
  });
  control.all('*', (c) => c.json({ error: 'Unknown control' }, 404));
  app.route('/__control', control);
  app.all('*', notFound);

  const listening = await listen(app, { port: options.port, host: options.host, name: 'Twilio test server' });
  const origin = `http://localhost:${listening.port}`;
  return {
    origin,
    apiBaseUrl: origin,
    close: () => {
      closed = true;
      return listening.close();
    },
  };
}
