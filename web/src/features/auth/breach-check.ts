import { breachRangeQuery, rangeListsSuffix } from '@shared/rules/breached-password';

/** The range service is a courtesy check: it never holds a sign-in up for longer than this. */
export const BREACH_CHECK_TIMEOUT_MS = 3000;

/**
 * Spec 001 §5: whether the password appears in known breaches. Only the first 5 hex characters of its SHA-1
 * leave the browser (k-anonymity), with padding so the answer's size says nothing either. Any failure (network,
 * timeout, a bad answer, no Web Crypto) counts as not breached: the check must never block or fail a sign-in.
 */
export async function isPasswordBreached(
  password: string,
  rangeUrl: string,
  timeoutMs = BREACH_CHECK_TIMEOUT_MS,
): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { prefix, suffix } = await breachRangeQuery(password);
    const response = await fetch(`${rangeUrl}${prefix}`, {
      headers: { 'Add-Padding': 'true' },
      signal: controller.signal,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    if (!response.ok) return false;
    return rangeListsSuffix(await response.text(), suffix);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
