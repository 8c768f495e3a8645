import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTwilioClient } from './twilio';

describe('createTwilioClient', () => {
  it("sends Messages API calls to TWILIO_BASE_URL with the account's basic auth", async () => {
    const seen: Array<{ url?: string; auth?: string; body: string }> = [];
    const server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ url: req.url, auth: req.headers.authorization, body });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ sid: `SM${'0'.repeat(32)}`, status: 'queued', to: '+15005550006' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    process.env.TWILIO_BASE_URL = `http://127.0.0.1:${port}`;
    const sid = `AC${'1'.repeat(32)}`;
    try {
      const sent = await createTwilioClient(sid, 't'.repeat(32)).messages.create({
        to: '+15005550006',
        from: '+15005550001',
        body: 'hello',
      });
      expect(sent.sid).toBe(`SM${'0'.repeat(32)}`);
    } finally {
      server.close();
      delete process.env.TWILIO_BASE_URL;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(seen[0].auth).toBe(`Basic ${Buffer.from(`${sid}:${'t'.repeat(32)}`).toString('base64')}`);
    expect(new URLSearchParams(seen[0].body).get('Body')).toBe('hello');
  });
});
