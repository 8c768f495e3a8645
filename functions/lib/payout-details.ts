/**
 * The seller's payout details as stored on an order, without any key: what an encrypted value looks like, how a
 * legacy plaintext one is read, and how either is shown masked. Decryption lives in payout-crypto.ts, which
 * only checkout and the reveal route bundle (and only their roles may use the key).
 */

import { isRecord } from './validation.js';

/** Marks `payment_details` as encrypted: a legacy plaintext map never holds this key with this value. */
export const PAYOUT_ENVELOPE_VERSION = 'payout-v1';

/** Which key wrapped an envelope's data key: the stage's KMS key, or the local stack's key file. */
export type PayoutKeySource = 'kms' | 'local';

/**
 * Envelope encryption of one order's payout details: one data key per order, wrapped by the key source with
 * the order id as its encryption context, and each field sealed on its own with AES-256-GCM (the order id and
 * the field name as additional data), so neither the blob nor one of its fields can be moved elsewhere.
 */
export interface PayoutEnvelope {
  encrypted: typeof PAYOUT_ENVELOPE_VERSION;
  keySource: PayoutKeySource;
  /** The wrapped data key, base64 (a KMS ciphertext blob, or the local key's AES-GCM output). */
  dataKey: string;
  /** Field name to base64 of IV (12 bytes) | ciphertext | tag (16 bytes). */
  fields: Record<string, string>;
}

export function isPayoutEnvelope(value: unknown): value is PayoutEnvelope {
  return (
    isRecord(value) &&
    value.encrypted === PAYOUT_ENVELOPE_VERSION &&
    (value.keySource === 'kms' || value.keySource === 'local') &&
    typeof value.dataKey === 'string' &&
    isRecord(value.fields) &&
    Object.values(value.fields).every((v) => typeof v === 'string')
  );
}

/**
 * A legacy plaintext value as the details it holds: a map, or (older backend) its JSON text; nested values are
 * dropped and scalars become text.
 */
export function legacyPayoutDetails(value: unknown): Record<string, string> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!isRecord(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed)
      .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
      .map(([k, v]) => [k, String(v)]),
  );
}

const HIDDEN = '••••';
const EMAIL = /^([^@\s]+)@([^@\s]+)$/;
const PHONE_OR_NUMBER = /^[\d\s().+-]+$/;
/** Handles shown as their sigil, first character and dots: `@a•••`, `$j•••`. */
const HANDLE_FIELDS = new Set(['venmoUsername', 'cashtag']);

/** One value as the order detail shows it before a reveal: never more than a hint of it. */
export function maskPayoutValue(field: string, value: string): string {
  const v = value.trim();
  if (v === '') return '';
  const email = EMAIL.exec(v);
  if (email) return `${email[1].charAt(0)}•••@${email[2]}`;
  if (HANDLE_FIELDS.has(field)) {
    const sigil = /^[@$]/.test(v) ? v.charAt(0) : '';
    return `${sigil}${v.charAt(sigil.length)}•••`;
  }
  if (PHONE_OR_NUMBER.test(v)) {
    const digits = v.replace(/\D/g, '');
    return digits.length >= 8 ? `${HIDDEN}${digits.slice(-4)}` : HIDDEN;
  }
  if (field.endsWith('Address') && v.length >= 16) return `${v.slice(0, 4)}${HIDDEN}${v.slice(-4)}`;
  return v.length >= 12 ? `${HIDDEN}${v.slice(-4)}` : HIDDEN;
}

export const maskPayoutDetails = (details: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(details).map(([k, v]) => [k, maskPayoutValue(k, v)]));

/**
 * What the order detail shows without the key: the masked copy checkout stored beside an envelope, or a legacy
 * plaintext value masked here.
 */
export function maskedPayoutDetails(stored: unknown, storedMask: unknown): Record<string, string> {
  if (isPayoutEnvelope(stored)) return legacyPayoutDetails(storedMask);
  return maskPayoutDetails(legacyPayoutDetails(stored));
}
