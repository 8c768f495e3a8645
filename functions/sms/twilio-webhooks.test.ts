import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import { adminSmsMessages as m } from '../../shared/messages';
import { clearSecretsCache } from '../lib/secrets';
import { formParams, verifiedForm } from './twilio-webhooks';

const TOKEN = 'c'.repeat(32);
const SITE = 'https://shop.example.com';
const body = 'MessageSid=SM0123&MessageStatus=delivered&To=%2B15005550006';

let file: string;
/** Staff never saved a token through the back office (it was put in the secret directly). */
const neverSaved = async () => null;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'sms-webhook-'));
  file = join(dir, 'signing-secrets.json');
  writeFileSync(file, JSON.stringify({ twilioAuthToken: TOKEN }));
  // The webhooks are given the signing secret only (the auth token signs Twilio's callbacks).
  process.env.SIGNING_SECRET_ID = 'signing';
  process.env.LOCAL_SIGNING_SECRETS_FILE = file;
  process.env.SITE_URL = SITE;
  clearSecretsCache();
});

const sign = (url: string, form = body, token = TOKEN) =>
  getExpectedTwilioSignature(token, url, formParams(form));

const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return null;
  } catch (error) {
    return [(error as { status: number }).status, (error as Error).message];
  }
};

describe('Twilio webhook signatures', () => {
  it('accepts the signature over the configured public URL and the form', async () => {
    const signature = sign(`${SITE}/api/webhooks/twilio/status`);
    await expect(verifiedForm('status', body, signature, neverSaved)).resolves.toMatchObject({
      MessageSid: 'SM0123',
      MessageStatus: 'delivered',
      To: '+15005550006',
    });
  });

  it('refuses a missing signature, another URL, a changed form or another token (401)', async () => {
    const forged = [
      () => verifiedForm('status', body, undefined, neverSaved),
      // Signed for the URL a forged Host header would name: the configured URL is what counts.
      () =>
        verifiedForm('status', body, sign('https://attacker.example/api/webhooks/twilio/status'), neverSaved),
      () => verifiedForm('inbound', body, sign(`${SITE}/api/webhooks/twilio/status`), neverSaved),
      () =>
        verifiedForm(
          'status',
          body.replace('delivered', 'failed'),
          sign(`${SITE}/api/webhooks/twilio/status`),
          neverSaved,
        ),
      () =>
        verifiedForm(
          'status',
          body,
          sign(`${SITE}/api/webhooks/twilio/status`, body, 'd'.repeat(32)),
          neverSaved,
        ),
    ];
    for (const attempt of forged) expect(await refusal(attempt)).toEqual([401, m.forgedCallback]);
  });

  it('honours a token staff just saved on the next callback, however recently the secret was read', async () => {
    const url = `${SITE}/api/webhooks/twilio/status`;
    const rotated = 'e'.repeat(32);
    writeFileSync(file, JSON.stringify({ twilioAuthToken: rotated }));
    // Changed in the secret directly, moments after this container last read it: still refused for now,
    // so forged callbacks cannot make it read the secret on every request.
    expect(await refusal(() => verifiedForm('status', body, sign(url, body, rotated), neverSaved))).toEqual([
      401,
      m.forgedCallback,
    ]);
    // Saved through the back office: the stamp is later than the last read, so the secret is read again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const savedAt = Date.now();
    const justSaved = async () => savedAt;
    await expect(verifiedForm('status', body, sign(url, body, rotated), justSaved)).resolves.toMatchObject({
      MessageStatus: 'delivered',
    });
    // The old token no longer passes, and a forgery right after cannot make it read again at once.
    expect(await refusal(() => verifiedForm('status', body, sign(url), justSaved))).toEqual([
      401,
      m.forgedCallback,
    ]);
    writeFileSync(file, JSON.stringify({ twilioAuthToken: TOKEN }));
    clearSecretsCache();
  });
});
