import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import * as ENV from '../../shared/env-vars.js';
import {
  configuredPayoutOpener,
  configuredPayoutSealer,
  kmsKeySource,
  localKeySource,
  payoutCrypto,
  readLocalPayoutKey,
} from './payout-crypto.js';
import {
  isPayoutEnvelope,
  maskedPayoutDetails,
  maskPayoutDetails,
  maskPayoutValue,
} from './payout-details.js';

const details = { bankAccount: '000123456789', routingNumber: '021000021' };
const local = () => payoutCrypto(localKeySource(randomBytes(32)));

describe('payout crypto (local key source)', () => {
  it('round-trips the details and stores none of them in clear', async () => {
    const crypto = local();
    const envelope = await crypto.encrypt('ORD-1', details);
    expect(isPayoutEnvelope(envelope)).toBe(true);
    expect(envelope.keySource).toBe('local');
    expect(Object.keys(envelope.fields).sort()).toEqual(['bankAccount', 'routingNumber']);
    const stored = JSON.stringify(envelope);
    expect(stored).not.toContain('000123456789');
    expect(stored).not.toContain('021000021');
    expect(await crypto.decrypt('ORD-1', envelope)).toEqual(details);
  });

  it('refuses the envelope on another order (the order id is the context)', async () => {
    const crypto = local();
    const envelope = await crypto.encrypt('ORD-1', details);
    await expect(crypto.decrypt('ORD-2', envelope)).rejects.toThrow();
  });

  it('refuses a field moved to another field name', async () => {
    const crypto = local();
    const envelope = await crypto.encrypt('ORD-1', details);
    const swapped = {
      ...envelope,
      fields: { bankAccount: envelope.fields.routingNumber, routingNumber: envelope.fields.bankAccount },
    };
    await expect(crypto.decrypt('ORD-1', swapped)).rejects.toThrow();
  });

  it('refuses a tampered field and a tampered data key', async () => {
    const crypto = local();
    const envelope = await crypto.encrypt('ORD-1', details);
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[bytes.length - 20] ^= 1;
      return bytes.toString('base64');
    };
    await expect(
      crypto.decrypt('ORD-1', {
        ...envelope,
        fields: { ...envelope.fields, bankAccount: flip(envelope.fields.bankAccount) },
      }),
    ).rejects.toThrow();
    await expect(crypto.decrypt('ORD-1', { ...envelope, dataKey: flip(envelope.dataKey) })).rejects.toThrow();
  });

  it('refuses an envelope sealed under another key', async () => {
    const envelope = await local().encrypt('ORD-1', details);
    await expect(local().decrypt('ORD-1', envelope)).rejects.toThrow();
  });

  it('reads a legacy plaintext record as it is (a map, or its JSON text)', async () => {
    const crypto = local();
    expect(await crypto.decrypt('ORD-1', { paypalEmail: 'ann@example.com' })).toEqual({
      paypalEmail: 'ann@example.com',
    });
    expect(await crypto.decrypt('ORD-1', JSON.stringify({ cashtag: '$ann', n: 3 }))).toEqual({
      cashtag: '$ann',
      n: '3',
    });
    expect(await crypto.decrypt('ORD-1', undefined)).toEqual({});
  });

  it('seals every field with its own IV: the same value twice gives different ciphertexts', async () => {
    const crypto = local();
    const a = await crypto.encrypt('ORD-1', { x: 'same' });
    const b = await crypto.encrypt('ORD-1', { x: 'same' });
    expect(a.fields.x).not.toBe(b.fields.x);
    expect(a.dataKey).not.toBe(b.dataKey);
  });
});

describe('payout crypto (KMS key source)', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());

  it('asks KMS for an AES-256 data key bound to the order id and unwraps it with the same context', async () => {
    const dataKey = randomBytes(32);
    const wrapped = Buffer.from('wrapped-by-kms');
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: Uint8Array.from(dataKey), CiphertextBlob: wrapped });
    kms
      .on(DecryptCommand, { EncryptionContext: { orderId: 'ORD-1' } })
      .resolves({ Plaintext: Uint8Array.from(dataKey) });
    kms
      .on(DecryptCommand, { EncryptionContext: { orderId: 'ORD-2' } })
      .rejects(new Error('InvalidCiphertext'));
    const crypto = payoutCrypto(kmsKeySource('arn:aws:kms:us-east-1:1:key/k', new KMSClient({})));

    const envelope = await crypto.encrypt('ORD-1', details);
    expect(envelope.keySource).toBe('kms');
    expect(Buffer.from(envelope.dataKey, 'base64').toString()).toBe('wrapped-by-kms');
    expect(kms.commandCalls(GenerateDataKeyCommand)[0].args[0].input).toEqual({
      KeyId: 'arn:aws:kms:us-east-1:1:key/k',
      KeySpec: 'AES_256',
      EncryptionContext: { orderId: 'ORD-1' },
    });
    expect(await crypto.decrypt('ORD-1', envelope)).toEqual(details);
    expect(kms.commandCalls(DecryptCommand)[0].args[0].input).toMatchObject({
      KeyId: 'arn:aws:kms:us-east-1:1:key/k',
      EncryptionContext: { orderId: 'ORD-1' },
    });
    await expect(crypto.decrypt('ORD-2', envelope)).rejects.toThrow('InvalidCiphertext');
  });

  it('will not open a local envelope with KMS', async () => {
    const envelope = await local().encrypt('ORD-1', details);
    const crypto = payoutCrypto(kmsKeySource('k', new KMSClient({})));
    await expect(crypto.decrypt('ORD-1', envelope)).rejects.toThrow(/local/);
    expect(kms.commandCalls(DecryptCommand)).toHaveLength(0);
  });
});

describe('the configured halves', () => {
  it('uses the local key file when LOCAL_PAYOUT_KEY_FILE names one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-'));
    const file = join(dir, 'payout-key');
    const key = randomBytes(32);
    writeFileSync(file, `${key.toString('base64')}\n`);
    const crypto = await configuredPayoutSealer({ [ENV.localPayoutKeyFile]: file });
    const envelope = await crypto.encrypt('ORD-1', details);
    expect(envelope.keySource).toBe('local');
    expect(await payoutCrypto(localKeySource(key)).decrypt('ORD-1', envelope)).toEqual(details);
    expect(await readLocalPayoutKey(file)).toEqual(key);
  });

  it('uses KMS when only PAYOUT_KEY_ARN is set, and refuses to run with neither', async () => {
    const kms = mockClient(KMSClient);
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: randomBytes(32), CiphertextBlob: Buffer.from('w') });
    const crypto = await configuredPayoutSealer({ [ENV.payoutKeyArn]: 'arn:aws:kms:us-east-1:1:key/k' });
    expect((await crypto.encrypt('ORD-1', details)).keySource).toBe('kms');
    kms.restore();
    await expect(configuredPayoutSealer({})).rejects.toThrow(ENV.payoutKeyArn);
  });

  it('opens with the reveal half what the checkout half sealed, from the same key file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-'));
    const file = join(dir, 'payout-key');
    writeFileSync(file, randomBytes(32).toString('base64'));
    const env = { [ENV.localPayoutKeyFile]: file };
    const envelope = await (await configuredPayoutSealer(env)).encrypt('ORD-7', details);
    const opener = await configuredPayoutOpener(env);
    expect(await opener.decrypt('ORD-7', envelope)).toEqual(details);
    await expect(opener.decrypt('ORD-8', envelope)).rejects.toThrow();
    await expect(configuredPayoutOpener({})).rejects.toThrow(ENV.payoutKeyArn);
  });

  it('refuses a key file that is not 256 bits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-'));
    const file = join(dir, 'payout-key');
    writeFileSync(file, randomBytes(16).toString('base64'));
    await expect(configuredPayoutSealer({ [ENV.localPayoutKeyFile]: file })).rejects.toThrow('256-bit');
  });
});

describe('masking', () => {
  it.each([
    ['bankAccount', '000123456789', '••••6789'],
    ['routingNumber', '021000021', '••••0021'],
    ['bankAccount', '12345', '••••'],
    ['paypalEmail', 'jane@example.com', 'j•••@example.com'],
    ['zelleInfo', 'jane@example.com', 'j•••@example.com'],
    ['zelleInfo', '(555) 123-4567', '••••4567'],
    ['venmoUsername', '@Ann-Lee_42', '@A•••'],
    ['cashtag', '$annlee', '$a•••'],
    ['cashtag', 'annlee', 'a•••'],
    ['ethAddress', '0x52908400098527886E0F7030069857D2E4169EE7', '0x52••••9EE7'],
    ['checkPayee', 'Ann Lee', '••••'],
    ['note', 'a long free text value', '••••alue'],
  ])('%s %s shows as %s', (field, value, masked) => {
    expect(maskPayoutValue(field, value)).toBe(masked);
  });

  it('shows the stored mask beside an envelope, and masks a legacy plaintext record', async () => {
    const envelope = await local().encrypt('ORD-1', details);
    const mask = maskPayoutDetails(details);
    expect(maskedPayoutDetails(envelope, mask)).toEqual({
      bankAccount: '••••6789',
      routingNumber: '••••0021',
    });
    expect(maskedPayoutDetails(envelope, undefined)).toEqual({});
    expect(maskedPayoutDetails({ paypalEmail: 'jane@example.com' }, undefined)).toEqual({
      paypalEmail: 'j•••@example.com',
    });
  });
});
