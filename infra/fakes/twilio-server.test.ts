import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateRequest } from 'twilio/lib/webhooks/webhooks';
import { createTwilioClient } from '../../functions/lib/twilio.js';
import * as ENV from '../../shared/env-vars.js';
import { startTwilioServer, type TwilioTestServer } from './twilio-server.js';

// Driven through the official client the SMS worker uses: what the server answers is what that client reads.
const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'a'.repeat(32);
const FROM = '+15005550006';

let server: TwilioTestServer;
let receiver: Server;
let receiverUrl = '';
const received: Array<{ url: string; params: Record<string, string>; signature: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({
        url: `${receiverUrl}${req.url}`,
        params: Object.fromEntries(new URLSearchParams(body)),
        signature: String(req.headers['x-twilio-signature'] ?? ''),
      });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTwilioServer({
    port: 0,
    authToken: () => TOKEN,
    inboundUrl: `${receiverUrl}/inbound`,
    callbackDelayMs: 20,
  });
  process.env[ENV.twilioBaseUrl] = server.apiBaseUrl;
});

afterAll(async () => {
  delete process.env[ENV.twilioBaseUrl];
  await server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const send = (to: string, token = TOKEN) =>
  createTwilioClient(SID, token).messages.create({
    to,
    from: FROM,
    body: 'Hello',
    statusCallback: `${receiverUrl}/status`,
  });

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'sent',
    (error: { code?: number; status?: number }) => error.code ?? error.status,
  );

async function callbacksFor(sid: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const found = received.filter((r) => r.params.MessageSid === sid);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return received.filter((r) => r.params.MessageSid === sid);
}

describe('the Twilio test server', () => {
  it('creates a message and sends signed callbacks, sent then delivered', async () => {
    const message = await send('+15551230001');
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message.status).toBe('queued');
    const callbacks = await callbacksFor(message.sid, 2);
    expect(callbacks.map((c) => c.params.MessageStatus)).toEqual(['sent', 'delivered']);
    for (const c of callbacks) {
      expect(validateRequest(TOKEN, c.signature, c.url, c.params)).toBe(true);
      expect(validateRequest('b'.repeat(32), c.signature, c.url, c.params)).toBe(false);
    }
  });

  it("answers Twilio's error codes for its test numbers and a wrong token", async () => {
    expect(await codeOf(send('+15005550001'))).toBe(21211);
    expect(await codeOf(send('+15005550004'))).toBe(21610);
    expect(await codeOf(send('+15005550009'))).toBe(21614);
    expect(await codeOf(send('+15551230002', 'c'.repeat(32)))).toBe(20003);
  });

  it('reports the undeliverable test number as undelivered (30003)', async () => {
    const message = await send('+15005550010');
    const callbacks = await callbacksFor(message.sid, 2);
    expect(callbacks.at(-1)?.params).toMatchObject({ MessageStatus: 'undelivered', ErrorCode: '30003' });
  });

  it('an inbound STOP is posted signed and refuses later sends until START', async () => {
    const control = (name: string, body: unknown) =>
      fetch(`${server.origin}/__control/${name}`, { method: 'POST', body: JSON.stringify(body) });
    await control('inbound', { from: '+15551230003', body: ' stop ' });
    const inbound = received.find((r) => r.url.endsWith('/inbound'));
    expect(inbound?.params).toMatchObject({ From: '+15551230003', Body: ' stop ' });
    expect(validateRequest(TOKEN, inbound?.signature ?? '', inbound?.url ?? '', inbound?.params ?? {})).toBe(
      true,
    );
    expect(await codeOf(send('+15551230003'))).toBe(21610);
    await control('inbound', { from: '+15551230003', body: 'START' });
    expect(await codeOf(send('+15551230003'))).toBe('sent');
  });

  it('fails the next create once on demand, and lists what was sent', async () => {
    await fetch(`${server.origin}/__control/mode`, { method: 'POST', body: '{"mode":"fail-next"}' });
    expect(await codeOf(send('+15551230004'))).toBe(20500);
    expect(await codeOf(send('+15551230004'))).toBe('sent');
    const listed = (await (await fetch(`${server.origin}/__control/messages`)).json()) as Array<{
      to: string;
    }>;
    expect(listed.filter((m) => m.to === '+15551230004')).toHaveLength(1);
  });
});
