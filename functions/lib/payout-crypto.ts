/**
 * Envelope encryption of an order's payout details. One interface, two key sources chosen by configuration:
 * - AWS: PAYOUT_KEY_ARN names the stage's customer-managed KMS key. Each order gets a data key from
 *   GenerateDataKey with the order id as encryption context; unwrapping it (Decrypt) needs the same context, so
 *   a blob copied onto another order does not open. Only checkout (`payout:encrypt`) and the reveal route
 *   (`payout:decrypt`) have the variable and the IAM grant.
 * - Local stack (no KMS emulator): LOCAL_PAYOUT_KEY_FILE names a file holding a 256-bit key (base64) in the
 *   git-ignored data folder; it wraps the data key with AES-256-GCM and the order id as additional data, the
 *   same contract as KMS. The local runner hands the file only to functions whose template has PAYOUT_KEY_ARN.
 * The fields themselves are sealed with node:crypto AES-256-GCM under the data key (payout-details.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import * as ENV from '../../shared/env-vars.js';
import {
  isPayoutEnvelope,
  legacyPayoutDetails,
  PAYOUT_ENVELOPE_VERSION,
  type PayoutEnvelope,
  type PayoutKeySource,
} from './payout-details.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Where a new order's data key comes from; bound to one order id (the encryption context). */
export interface DataKeyGenerator {
  readonly kind: PayoutKeySource;
  generate(orderId: string): Promise<{ plaintext: Buffer; wrapped: Buffer }>;
}
/** How a stored data key is unwrapped, with the same order id. */
export interface DataKeyUnwrapper {
  readonly kind: PayoutKeySource;
  unwrap(wrapped: Buffer, orderId: string): Promise<Buffer>;
}
export type DataKeySource = DataKeyGenerator & DataKeyUnwrapper;

/**
 * Checkout only seals and the reveal route only opens: each function bundles its half alone (KMS's Decrypt
 * is not in checkout's code, as it is not in its IAM grant).
 */
export interface PayoutSealer {
  encrypt(orderId: string, details: Record<string, string>): Promise<PayoutEnvelope>;
}
export interface PayoutOpener {
  /** The details in full: an envelope decrypted, or a legacy plaintext value read as it is. */
  decrypt(orderId: string, stored: unknown): Promise<Record<string, string>>;
}
export type PayoutCrypto = PayoutSealer & PayoutOpener;

function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('Payout ciphertext is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** The additional data of one field: the order it belongs to and its name. */
const fieldContext = (orderId: string, field: string) => `payout-field|${orderId}|${field}`;

const kmsContext = (orderId: string) => ({ orderId });

export function kmsKeyGenerator(keyId: string, client: KMSClient = new KMSClient({})): DataKeyGenerator {
  return {
    kind: 'kms',
    async generate(orderId) {
      const out = await client.send(
        new GenerateDataKeyCommand({
          KeyId: keyId,
          KeySpec: 'AES_256',
          EncryptionContext: kmsContext(orderId),
        }),
      );
      if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
      return { plaintext: Buffer.from(out.Plaintext), wrapped: Buffer.from(out.CiphertextBlob) };
    },
  };
}

export function kmsKeyUnwrapper(keyId: string, client: KMSClient = new KMSClient({})): DataKeyUnwrapper {
  return {
    kind: 'kms',
    async unwrap(wrapped, orderId) {
      // KeyId pins the key: a blob wrapped by any other key is refused rather than tried.
      const out = await client.send(
        new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: kmsContext(orderId) }),
      );
      if (!out.Plaintext) throw new Error('KMS returned no plaintext');
      return Buffer.from(out.Plaintext);
    },
  };
}

export const kmsKeySource = (keyId: string, client: KMSClient = new KMSClient({})): DataKeySource => ({
  ...kmsKeyGenerator(keyId, client),
  ...kmsKeyUnwrapper(keyId, client),
});

// The local stand-in for KMS, in the same two halves (generator and unwrapper): a 256-bit key wraps each data key,
// with the order id as its context.

/** The additional data of a locally wrapped data key: the order it belongs to. */
const localContext = (orderId: string) => `payout-data-key|${orderId}`;

function checkLocalKey(masterKey: Buffer): void {
  if (masterKey.length !== KEY_BYTES) throw new Error('The local payout key must be 256 bits');
}

export function localKeyGenerator(masterKey: Buffer): DataKeyGenerator {
  checkLocalKey(masterKey);
  return {
    kind: 'local',
    async generate(orderId) {
      const plaintext = randomBytes(KEY_BYTES);
      return { plaintext, wrapped: seal(masterKey, plaintext, localContext(orderId)) };
    },
  };
}

export function localKeyUnwrapper(masterKey: Buffer): DataKeyUnwrapper {
  checkLocalKey(masterKey);
  return {
    kind: 'local',
    async unwrap(wrapped, orderId) {
      return open(masterKey, wrapped, localContext(orderId));
    },
  };
}

export const localKeySource = (masterKey: Buffer): DataKeySource => ({
  ...localKeyGenerator(masterKey),
  ...localKeyUnwrapper(masterKey),
});

export function payoutSealer(source: DataKeyGenerator): PayoutSealer {
  return {
    async encrypt(orderId, details) {
      const { plaintext, wrapped } = await source.generate(orderId);
      try {
        const fields = Object.fromEntries(
          Object.entries(details).map(([field, value]) => [
            field,
            seal(plaintext, Buffer.from(value, 'utf8'), fieldContext(orderId, field)).toString('base64'),
          ]),
        );
        return {
          encrypted: PAYOUT_ENVELOPE_VERSION,
          keySource: source.kind,
          dataKey: wrapped.toString('base64'),
          fields,
        };
      } finally {
        plaintext.fill(0);
      }
    },
  };
}

export function payoutOpener(source: DataKeyUnwrapper): PayoutOpener {
  return {
    async decrypt(orderId, stored) {
      if (!isPayoutEnvelope(stored)) return legacyPayoutDetails(stored);
      if (stored.keySource !== source.kind) {
        throw new Error(`Payout details were sealed by the ${stored.keySource} key, not ${source.kind}`);
      }
      const key = await source.unwrap(Buffer.from(stored.dataKey, 'base64'), orderId);
      try {
        return Object.fromEntries(
          Object.entries(stored.fields).map(([field, sealed]) => [
            field,
            open(key, Buffer.from(sealed, 'base64'), fieldContext(orderId, field)).toString('utf8'),
          ]),
        );
      } finally {
        key.fill(0);
      }
    },
  };
}

export const payoutCrypto = (source: DataKeySource): PayoutCrypto => ({
  ...payoutSealer(source),
  ...payoutOpener(source),
});

/** Reads a local key file's base64 256-bit key. */
export async function readLocalPayoutKey(file: string): Promise<Buffer> {
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a 256-bit base64 key`);
  return key;
}

/**
 * The half of the payout crypto a function uses, with the key source it is configured with: the local key file
 * when LOCAL_PAYOUT_KEY_FILE is set (the local runner sets it), else the KMS key PAYOUT_KEY_ARN names. Neither set
 * is a deployment error. Built once per warm function; a failed start is not remembered (the next request tries
 * again).
 */
function configured<T>(
  fromLocal: (key: Buffer) => T,
  fromKms: (keyArn: string) => T,
): (env?: NodeJS.ProcessEnv) => Promise<T> {
  let made: Promise<T> | null = null;
  return (env = process.env) => {
    if (env === process.env && made) return made;
    const localFile = env[ENV.localPayoutKeyFile];
    const keyArn = env[ENV.payoutKeyArn];
    const making = localFile
      ? readLocalPayoutKey(localFile).then(fromLocal)
      : keyArn
        ? Promise.resolve(fromKms(keyArn))
        : Promise.reject(new Error(`Neither ${ENV.payoutKeyArn} nor ${ENV.localPayoutKeyFile} is set`));
    if (env !== process.env) return making;
    made = making.catch((error) => {
      made = null;
      throw error;
    });
    return made;
  };
}

/** Checkout's half: seals new details. */
export const configuredPayoutSealer = /* @__PURE__ */ configured(
  (key) => payoutSealer(localKeyGenerator(key)),
  (keyArn) => payoutSealer(kmsKeyGenerator(keyArn)),
);

/** The reveal route's half: opens stored details. */
export const configuredPayoutOpener = /* @__PURE__ */ configured(
  (key) => payoutOpener(localKeyUnwrapper(key)),
  (keyArn) => payoutOpener(kmsKeyUnwrapper(keyArn)),
);
