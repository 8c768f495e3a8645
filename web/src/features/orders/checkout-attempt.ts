/**
 * The Idempotency-Key of the current checkout attempt. It is kept in sessionStorage with a fingerprint of
 * the request, so repeating the same attempt (a retry after a network error, a reload, a double click) sends
 * the same key and the server answers the order it already made; once the details or the cart change, or
 * after a success, a new key starts a new attempt. Only a hash is stored: the request carries bank details.
 */

export const CHECKOUT_ATTEMPT_STORAGE_KEY = 'checkout-attempt';

interface StoredAttempt {
  key: string;
  fingerprint: string;
}

/** Used when sessionStorage is unavailable (private mode, storage disabled). */
let memoryAttempt: StoredAttempt | null = null;

function readAttempt(): StoredAttempt | null {
  try {
    const raw = sessionStorage.getItem(CHECKOUT_ATTEMPT_STORAGE_KEY);
    if (!raw) return memoryAttempt;
    const parsed = JSON.parse(raw) as Partial<StoredAttempt>;
    return typeof parsed.key === 'string' && typeof parsed.fingerprint === 'string'
      ? { key: parsed.key, fingerprint: parsed.fingerprint }
      : null;
  } catch {
    return memoryAttempt;
  }
}

function writeAttempt(attempt: StoredAttempt | null): void {
  memoryAttempt = attempt;
  try {
    if (attempt) sessionStorage.setItem(CHECKOUT_ATTEMPT_STORAGE_KEY, JSON.stringify(attempt));
    else sessionStorage.removeItem(CHECKOUT_ATTEMPT_STORAGE_KEY);
  } catch {
    // The in-memory copy still covers retries within this page.
  }
}

/** cyrb53: a fast 53-bit string hash. Enough to tell two requests apart; not a security measure. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** crypto.randomUUID needs a secure context; getRandomValues works everywhere. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key for this request: the stored one when the request is unchanged, otherwise a new one. */
export function checkoutAttemptKey(request: unknown): string {
  const fingerprint = hash(JSON.stringify(request));
  const stored = readAttempt();
  if (stored?.fingerprint === fingerprint) return stored.key;
  const attempt = { key: newKey(), fingerprint };
  writeAttempt(attempt);
  return attempt.key;
}

/** Once the order is confirmed and the cart cleared, the attempt is over: the next checkout gets a new key. */
export const finishCheckoutAttempt = (): void => writeAttempt(null);
