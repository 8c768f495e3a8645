import { describe, expect, test } from '@jest/globals';
import { storedIdToken } from './stored-tokens';

const CLIENT = 'client123';
const USER = 'fe9c4716-f77a-4dce-8535-e48a5ae9c213';
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

/** A JWT with these claims (header and signature are not read in the browser). */
const jwt = (claims: object) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;
const expiringIn = (ms: number) => jwt({ sub: USER, exp: (NOW + ms) / 1000, 'cognito:groups': ['admin'] });

function storage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
    key: (index: number) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

/** What Amplify 6 stores after a sign-in of USER on CLIENT. */
function signedIn({ id = expiringIn(3_600_000), access = expiringIn(3_600_000), drift = '0' } = {}) {
  const prefix = `CognitoIdentityServiceProvider.${CLIENT}`;
  return {
    [`${prefix}.LastAuthUser`]: USER,
    [`${prefix}.${USER}.idToken`]: id,
    [`${prefix}.${USER}.accessToken`]: access,
    [`${prefix}.${USER}.refreshToken`]: 'opaque-refresh-token',
    [`${prefix}.${USER}.clockDrift`]: drift,
  };
}

const read = (entries: Record<string, string>, client = CLIENT) =>
  storedIdToken(client, { storage: () => storage(entries), now: NOW });

describe('storedIdToken', () => {
  test('gives the stored ID token while it and the access token are valid', () => {
    const entries = signedIn();
    expect(read(entries)).toBe(entries[`CognitoIdentityServiceProvider.${CLIENT}.${USER}.idToken`]);
  });

  test('nothing stored, another app client, or no last user: Amplify decides', () => {
    expect(read({})).toBeNull();
    expect(read(signedIn(), 'other-client')).toBeNull();
    const { [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: _, ...noUser } = signedIn();
    expect(read(noUser)).toBeNull();
  });

  test('an expired ID or access token is left to Amplify to refresh', () => {
    expect(read(signedIn({ id: expiringIn(-1000) }))).toBeNull();
    expect(read(signedIn({ access: expiringIn(-1000) }))).toBeNull();
  });

  test("Amplify's rule: within 5 s of expiry counts as expired, and the recorded clock drift counts", () => {
    expect(read(signedIn({ id: expiringIn(4000) }))).toBeNull();
    expect(read(signedIn({ id: expiringIn(6000) }))).not.toBeNull();
    // The browser's clock is 2 s behind Cognito's: 6 s left here is 4 s left there.
    expect(read(signedIn({ id: expiringIn(6000), drift: '2000' }))).toBeNull();
  });

  test('a malformed token, or one without exp, is left to Amplify', () => {
    for (const id of ['not-a-jwt', 'a.!!!.c', jwt({ sub: USER }), jwt({ exp: 'soon' })]) {
      expect(read(signedIn({ id }))).toBeNull();
    }
  });

  test('storage the browser refuses, or that throws on read, is left to Amplify', () => {
    const refused = () => {
      throw new Error('SecurityError: access denied');
    };
    expect(storedIdToken(CLIENT, { storage: refused, now: NOW })).toBeNull();
    const broken = {
      ...storage({}),
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(storedIdToken(CLIENT, { storage: () => broken, now: NOW })).toBeNull();
  });
});
