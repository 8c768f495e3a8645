import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHookedProxy } from '../support/hooked-proxy';
import { startTableAccessRecorder } from '../support/table-access-recorder';

/** An emulator stand-in that answers what it received. */
let upstream: Server;
let origin: string;
const received: Array<{ method: string; url: string; body: string }> = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      const answer = JSON.stringify({ echoed: body });
      res.writeHead(201, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(answer)),
        'x-upstream': 'yes',
      });
      res.end(req.method === 'HEAD' ? undefined : answer);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));
beforeEach(() => {
  received.length = 0;
});

test('the hook may change the path and body sent on, and sees the whole answer the client gets', async () => {
  const seen: string[] = [];
  const proxy = await startHookedProxy(origin, 'test proxy', {
    path: () => '/',
    rewrite: (_req, body) => Buffer.from(body.toString().toUpperCase()),
    seen: (req, body, answer) => {
      seen.push(`${req.url} ${body} ${answer.status} ${answer.body}`);
    },
  });
  try {
    const res = await fetch(`${proxy.origin}/getProduct?x=1`, { method: 'POST', body: 'hello' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(await res.json()).toEqual({ echoed: 'HELLO' });
    expect(received).toEqual([{ method: 'POST', url: '/', body: 'HELLO' }]);
    expect(seen).toEqual(['/getProduct?x=1 HELLO 201 {"echoed":"HELLO"}']);
  } finally {
    await proxy.close();
  }
});

test("a HEAD answer keeps the length of the body a GET would get (S3's HeadObject)", async () => {
  const proxy = await startHookedProxy(origin, 'test proxy', { keepHost: true });
  try {
    const res = await fetch(`${proxy.origin}/bucket/key`, { method: 'HEAD' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-length')).toBe(String(JSON.stringify({ echoed: '' }).length));
  } finally {
    await proxy.close();
  }
});

test('a hook that throws changes nothing for the client; an upstream that is gone is a 502 naming the proxy', async () => {
  const proxy = await startHookedProxy(origin, 'test proxy', {
    seen: () => {
      throw new Error('cannot read that');
    },
  });
  const closed = await startHookedProxy('http://127.0.0.1:1', 'cost meter', {});
  try {
    const res = await fetch(`${proxy.origin}/a/b`, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(201);
    expect(received).toEqual([{ method: 'PUT', url: '/a/b', body: 'x' }]);
    const failed = await fetch(`${closed.origin}/`, { method: 'POST', body: '{}' });
    expect(failed.status).toBe(502);
    expect(await failed.text()).toMatch(/^cost meter: /);
  } finally {
    await proxy.close();
    await closed.close();
  }
});

test("the table-access recorder logs each function's call and sends it on unchanged to DynamoDB's root", async () => {
  const logFile = join(mkdtempSync(join(tmpdir(), 'recorder-')), 'access.jsonl');
  const recorder = await startTableAccessRecorder({ target: origin, logFile });
  try {
    const body = JSON.stringify({ TableName: 't', Key: { pk: { S: 'PRODUCT#1' }, sk: { S: 'PRODUCT' } } });
    const res = await fetch(recorder.endpointFor('getProduct'), {
      method: 'POST',
      headers: { 'x-amz-target': 'DynamoDB_20120810.GetItem' },
      body,
    });
    expect(res.status).toBe(201);
    expect(received).toEqual([{ method: 'POST', url: '/', body }]);
    expect(
      readFileSync(logFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([{ fn: 'getProduct', action: 'dynamodb:GetItem', table: 't', keys: ['PRODUCT#1'] }]);
  } finally {
    await recorder.close();
  }
});
