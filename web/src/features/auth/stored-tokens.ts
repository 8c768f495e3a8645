import { AMPLIFY_STORAGE_PREFIX } from '../../lib/stored-session';

/** Amplify's own margin: a token due to expire within 5 s counts as expired (isTokenExpired in @aws-amplify/core). */
const EXPIRY_TOLERANCE_MS = 5000;

/** The `exp` claim of a JWT in milliseconds, read as Amplify reads it (decoded, not verified: the API verifies). */
function expiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * The ID token Amplify stored at sign-in for the app client `clientId`, when it and the access token stored
 * with it are both still valid by Amplify's own rule (its tolerance and the clock drift it recorded); null
 * otherwise. A valid token is all the back office needs to call the API, so a return visit signs in without
 * downloading Amplify; anything else (no token, an expired one to refresh, a malformed one) goes to Amplify,
 * which decides as before. Reads the keys Amplify 6 writes (its DefaultTokenStore):
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` and `...<clientId>.<user>.idToken|accessToken|clockDrift`.
 */
export function storedIdToken(
  clientId: string,
  { storage = () => window.localStorage, now = Date.now() }: { storage?: () => Storage; now?: number } = {},
): string | null {
  try {
    const client = `${AMPLIFY_STORAGE_PREFIX}${clientId}`;
    const store = storage();
    const user = store.getItem(`${client}.LastAuthUser`);
    if (!user) return null;
    const key = (name: string) => store.getItem(`${client}.${user}.${name}`);
    const idToken = key('idToken');
    const accessToken = key('accessToken');
    if (!idToken || !accessToken) return null;
    const drift = Number.parseInt(key('clockDrift') ?? '0', 10);
    const deadline = now + (Number.isFinite(drift) ? drift : 0) + EXPIRY_TOLERANCE_MS;
    const valid = (token: string) => (expiresAt(token) ?? 0) > deadline;
    return valid(idToken) && valid(accessToken) ? idToken : null;
  } catch {
    // Storage unreadable (disabled, or refused by the browser): Amplify decides.
    return null;
  }
}
