import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { audienceMatches, bearerToken, JwtAuthorizer } from '../../infra/local/authorizer';

describe('JwtAuthorizer', () => {
  let server: Server;
  let authorizer: JwtAuthorizer;
  let sign: (claims: JWTPayload, options?: { expiresIn?: string; issuer?: string }) => Promise<string>;
  const issuer = 'http://localhost:9229/local_pool';

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    authorizer = new JwtAuthorizer({
      issuer,
      audiences: ['client1'],
      jwksUrl: `http://127.0.0.1:${port}/local_pool/.well-known/jwks.json`,
    });
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(options.issuer ?? issuer)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('accepts an access token by its client_id and passes its claims as API Gateway does', async () => {
    const token = await sign({
      client_id: 'client1',
      token_use: 'access',
      'cognito:groups': ['admin'],
      scope: 'aws.cognito.signin.user.admin',
    });
    const result = await authorizer.authorize(`Bearer ${token}`, []);
    expect(result).toMatchObject({
      ok: true,
      scopes: null,
      claims: { client_id: 'client1', 'cognito:groups': '[admin]', iss: issuer },
    });
  });

  it('accepts an ID token by its audience, with or without the Bearer prefix', async () => {
    const token = await sign({ aud: 'client1', token_use: 'id' });
    expect((await authorizer.authorize(token, [])).ok).toBe(true);
  });

  it('refuses missing, malformed, expired, foreign and mis-addressed tokens with 401', async () => {
    const refused = { ok: false, status: 401 };
    expect(await authorizer.authorize(undefined, [])).toEqual(refused);
    expect(await authorizer.authorize('Bearer ', [])).toEqual(refused);
    expect(await authorizer.authorize('Bearer a.b.c', [])).toEqual(refused);
    expect(
      await authorizer.authorize(await sign({ client_id: 'client1' }, { expiresIn: '-1m' }), []),
    ).toEqual(refused);
    expect(
      await authorizer.authorize(await sign({ client_id: 'client1' }, { issuer: 'http://evil' }), []),
    ).toEqual(refused);
    expect(await authorizer.authorize(await sign({ client_id: 'other' }), [])).toEqual(refused);
    expect(await authorizer.authorize(await sign({ aud: 'other', client_id: 'client1' }), [])).toEqual(
      refused,
    );
  });

  it('checks route scopes: 403 without one of them, the token scopes when present', async () => {
    const token = await sign({ client_id: 'client1', scope: 'read write' });
    expect(await authorizer.authorize(token, ['admin'])).toEqual({ ok: false, status: 403 });
    expect(await authorizer.authorize(token, ['write'])).toMatchObject({
      ok: true,
      scopes: ['read', 'write'],
    });
  });
});

describe('helpers', () => {
  it('reads the token with or without Bearer', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('abc')).toBe('abc');
    expect(bearerToken(undefined)).toBeUndefined();
  });

  it('matches aud first, then client_id', () => {
    expect(audienceMatches({ aud: ['x', 'client1'] }, ['client1'])).toBe(true);
    expect(audienceMatches({ aud: 'x', client_id: 'client1' }, ['client1'])).toBe(false);
    expect(audienceMatches({ client_id: 'client1' }, ['client1'])).toBe(true);
    expect(audienceMatches({}, ['client1'])).toBe(false);
  });
});
