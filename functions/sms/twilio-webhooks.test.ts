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

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'sms-webhook-'));
  const file = join(dir, 'secrets.json');
  writeFileSync(file, JSON.stringify({ twilioAuthToken: TOKEN }));
  process.env.LOCAL_SECRETS_FILE = file;
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
    await expect(verifiedForm('status', body, signature)).resolves.toMatchObject({
      MessageSid: 'SM0123',
      MessageStatus: 'delivered',
      To: '+15005550006',
    });
  });

  it('refuses a missing signature, another URL, a changed form or another token (401)', async () => {
    const forged = [
      () => verifiedForm('status', body, undefined),
      // Signed for the URL a forged Host header would name: the configured URL is what counts.
      () => verifiedForm('status', body, sign('https://attacker.example/api/webhooks/twilio/status')),
      () => verifiedForm('inbound', body, sign(`${SITE}/api/webhooks/twilio/status`)),
      () =>
        verifiedForm(
          'status',
          body.replace('delivered', 'failed'),
          sign(`${SITE}/api/webhooks/twilio/status`),
        ),
      () => verifiedForm('status', body, sign(`${SITE}/api/webhooks/twilio/status`, body, 'd'.repeat(32))),
    ];
    for (const attempt of forged) expect(await refusal(attempt)).toEqual([401, m.forgedCallback]);
  });
});
