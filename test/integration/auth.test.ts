import { createHash, randomUUID } from 'node:crypto';
import { ZAuthConfig } from '../../shared/schemas/auth';
import {
  createPlainUser,
  createUserWithTemporaryPassword,
  refreshTokens,
  respondNewPassword,
  signIn,
  startSignIn,
} from '../support/cognito';
import { api, stack } from '../support/stack';

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
const session = (idToken: string) =>
  api<{ email: string; groups: string[] }>('/api/admin/session', {
    headers: { authorization: `Bearer ${idToken}` },
  });

describe('GET /api/auth/config (local values)', () => {
  it('names the local pool, its client, the runner Cognito endpoint and the local breach-range service', async () => {
    const res = await api<Record<string, unknown>>('/api/auth/config');
    expect(res.status).toBe(200);
    expect(ZAuthConfig.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual({
      region: 'us-east-1',
      userPoolId: stack().userPoolId,
      userPoolClientId: stack().userPoolClientId,
      userPoolEndpoint: stack().urls.cognito,
      breachRangeUrl: stack().urls.breachRange,
      // cognito-local has no SRP: only the local stack names the plain-password flow (AWS: USER_SRP_AUTH).
      signInFlow: 'USER_PASSWORD_AUTH',
    });
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  });
});

describe('the local Cognito endpoint', () => {
  it('refreshes with GetTokensFromRefreshToken (Amplify 6.15+), and the admin API accepts the new ID token', async () => {
    const first = await signIn(stack().admin.email, stack().admin.password);
    expect(first.refreshToken).not.toBe('');
    const renewed = await refreshTokens(first.refreshToken);
    expect(renewed.tokenType).toBe('Bearer');
    expect(renewed.expiresIn).toBeGreaterThan(0);
    expect(claims(renewed.idToken).iss).toBe(claims(first.idToken).iss);
    expect(claims(renewed.idToken).iss).toBe(`${stack().urls.cognito}/${stack().userPoolId}`);
    expect(claims(renewed.idToken).jti).not.toBe(claims(first.idToken).jti);
    const res = await session(renewed.idToken);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(stack().admin.email);
  });

  it('refuses an unknown refresh token as Cognito does', async () => {
    await expect(refreshTokens(randomUUID())).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('answers the browser preflight of a refresh with the headers Amplify sends', async () => {
    const res = await fetch(stack().urls.cognito, {
      method: 'OPTIONS',
      headers: {
        origin: stack().urls.site,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['x-amz-target', 'x-amz-user-agent', 'cache-control'])
      expect(allowed).toContain(header);
  });

  it('lets the browser read a refresh answer (CORS)', async () => {
    const { refreshToken } = await signIn(stack().admin.email, stack().admin.password);
    const res = await fetch(stack().urls.cognito, {
      method: 'POST',
      headers: {
        origin: stack().urls.site,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: stack().userPoolClientId, RefreshToken: refreshToken }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { AuthenticationResult: Record<string, unknown> };
    expect(Object.keys(body.AuthenticationResult).sort()).toEqual([
      'AccessToken',
      'ExpiresIn',
      'IdToken',
      'TokenType',
    ]);
  });

  it('takes a user created with a temporary password through NEW_PASSWORD_REQUIRED', async () => {
    const email = `new-staff-${Date.now()}@stripbuyback.test`;
    await createUserWithTemporaryPassword(email, 'Temp#Pass1');

    // Cognito checks the temporary password before it asks for a new one.
    await expect(startSignIn(email, 'Wrong#Pass1')).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    const challenge = await startSignIn(email, 'Temp#Pass1');
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session).toBeTruthy();
    expect(challenge.AuthenticationResult).toBeUndefined();

    // Only the session Cognito issued, for that user, answers the challenge.
    await expect(respondNewPassword(email, 'forged-session', 'Chosen#Pass2')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

    const tokens = await respondNewPassword(
      challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
      challenge.Session!,
      'Chosen#Pass2',
    );
    expect(claims(tokens.idToken).email).toBe(email);
    // Not an admin: signed in, and the back office's guard refuses it.
    expect((await session(tokens.idToken)).status).toBe(403);

    expect((await signIn(email, 'Chosen#Pass2')).idToken).toBeTruthy();
    await expect(startSignIn(email, 'Temp#Pass1')).rejects.toThrow();
  });

  it('answers a wrong password and an unknown user alike, as Cognito with user existence errors prevented', async () => {
    const email = `known-${Date.now()}@stripbuyback.test`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    const refusal = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    await expect(startSignIn(email, 'Wr0ng!Passw0rd')).rejects.toMatchObject(refusal);
    await expect(
      startSignIn(`nobody-${Date.now()}@stripbuyback.test`, 'Wr0ng!Passw0rd'),
    ).rejects.toMatchObject(refusal);
  });

  it('still signs in a confirmed user straight to tokens', async () => {
    const email = `plain-${Date.now()}@stripbuyback.test`;
    await createPlainUser(email, 'Str0ng!Passw0rd');
    const result = await startSignIn(email, 'Str0ng!Passw0rd');
    expect(result.ChallengeName).toBeUndefined();
    expect(result.AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe('the local breach-range service', () => {
  const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();
  const range = (prefix: string, padding = false) =>
    fetch(`${stack().urls.breachRange}${prefix}`, { headers: padding ? { 'Add-Padding': 'true' } : {} });
  const mode = (value: unknown) =>
    fetch(stack().urls.breachMode, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: value }),
    });
  afterEach(async () => {
    await mode('ok');
  });

  it('lists a fixture password suffix with its count, as the range API does', async () => {
    const hash = sha1('Password123!');
    const res = await range(hash.slice(0, 5));
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    const line = lines.find((l) => l.startsWith(`${hash.slice(5)}:`));
    expect(line).toMatch(/^[0-9A-F]{35}:[1-9]\d*$/);
    for (const l of lines) expect(l).toMatch(/^[0-9A-F]{35}:\d+$/);
  });

  it('does not list a password that is not a fixture', async () => {
    const hash = sha1(`Unbreached!${randomUUID()}1a`);
    const text = await (await range(hash.slice(0, 5).toLowerCase())).text();
    expect(text).not.toContain(hash.slice(5));
  });

  it('pads every answer to 800-1000 lines with zero counts when asked', async () => {
    const hash = sha1('Welcome2024!');
    const text = await (await range(hash.slice(0, 5), true)).text();
    const lines = text.split('\r\n');
    expect(lines.length).toBeGreaterThanOrEqual(800);
    expect(lines.length).toBeLessThanOrEqual(1000);
    expect(lines.filter((l) => !l.endsWith(':0'))).toEqual([
      expect.stringMatching(new RegExp(`^${hash.slice(5)}:`)),
    ]);
  });

  it('refuses a malformed prefix', async () => {
    expect((await range('XYZ12')).status).toBe(400);
    expect((await range('ABCDEF')).status).toBe(400);
  });

  it('fails with 503 when switched to fail, and answers again when switched back', async () => {
    expect((await (await mode('fail')).json()) as unknown).toEqual({ mode: 'fail' });
    expect((await range('ABCDE')).status).toBe(503);
    await mode('ok');
    expect((await range('ABCDE')).status).toBe(200);
  });

  it('holds requests while switched to hang, until the mode changes', async () => {
    await mode('hang');
    const started = Date.now();
    const pending = range('ABCDE');
    const early = await Promise.race([
      pending.then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('held'), 800)),
    ]);
    expect(early).toBe('held');
    await mode('ok');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it('refuses an unknown mode and leaves the current one', async () => {
    const res = await mode('sometimes');
    expect(res.status).toBe(400);
    expect((await range('ABCDE')).status).toBe(200);
  });
});
