/** Spec 001 §5/§9: only this many hex characters of the password's SHA-1 ever leave the browser. */
export const BREACH_PREFIX_LENGTH = 5;

/** The SHA-1 of the password in upper-case hex, split into the prefix sent and the suffix kept. */
export async function breachRangeQuery(password: string): Promise<{ prefix: string; suffix: string }> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(password));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return { prefix: hex.slice(0, BREACH_PREFIX_LENGTH), suffix: hex.slice(BREACH_PREFIX_LENGTH) };
}

/**
 * Whether a range answer (`SUFFIX:COUNT` per line) lists the suffix. With `Add-Padding: true` the service adds
 * decoy lines with a count of 0, which are not breaches.
 */
export function rangeListsSuffix(body: string, suffix: string): boolean {
  const wanted = suffix.toUpperCase();
  return body.split(/\r?\n/).some((line) => {
    const [hash, count] = line.trim().split(':');
    return hash?.toUpperCase() === wanted && Number(count) > 0;
  });
}
