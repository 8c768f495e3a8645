import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCognitoProxy, storedPassword, tokenLifetime } from '../../infra/local/cognito-proxy';
import { freePort } from '../../infra/local/ports';

const jwt = (payload: object) =>
  ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join('.');

/** A stand-in for cognito-local that records what reaches it. */
let upstream: Server;
let seen: Array<{
  method: string;
  url: string;
  target: string;
  headers: IncomingMessage['headers'];
  body: string;
}>;
let proxy: Awaited<ReturnType<typeof startCognitoProxy>>;
let dbDir: string;
let base: string;

beforeAll(async () => {
  dbDir = mkdtempSync(join(tmpdir(), 'cognito-db-'));
  writeFileSync(
    join(dbDir, 'clients.json'),
    JSON.stringify({ Clients: { client1: { UserPoolId: 'local_pool' } } }),
  );
  writeFileSync(
    join(dbDir, 'local_pool.json'),
    JSON.stringify({
      Users: { 'new@x.test': { Password: 'Temp#Pass1', UserStatus: 'FORCE_CHANGE_PASSWORD' } },
    }),
  );
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      seen.push({ method: req.method ?? '', url: req.url ?? '', target, headers: req.headers, body });
      if (target.endsWith('.InitiateAuth')) {
        const input = JSON.parse(body);
        if (input.AuthFlow === 'REFRESH_TOKEN_AUTH') {
          if (input.AuthParameters.REFRESH_TOKEN !== 'good') {
            res.writeHead(400, { 'content-type': 'application/json' });
            return res.end(
              JSON.stringify({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' }),
            );
          }
          res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
          return res.end(
            JSON.stringify({
              AuthenticationResult: { AccessToken: jwt({ iat: 100, exp: 1900 }), IdToken: jwt({ iat: 100 }) },
            }),
          );
        }
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        return res.end(
          JSON.stringify({
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            ChallengeParameters: { USER_ID_FOR_SRP: input.AuthParameters.USERNAME },
            Session: 's1',
          }),
        );
      }
      if (target.endsWith('.RespondToAuthChallenge')) {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        return res.end(JSON.stringify({ AuthenticationResult: { AccessToken: 'a', IdToken: 'i' } }));
      }
      res.writeHead(207, { 'x-upstream': 'yes', 'access-control-allow-origin': '*' });
      res.end(`echo:${body}`);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const port = await freePort();
  proxy = await startCognitoProxy({
    port,
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    dbDir,
  });
  base = `http://127.0.0.1:${port}`;
});
beforeEach(() => {
  seen = [];
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dbDir, { recursive: true, force: true });
});

const call = (target: string, body: unknown) =>
  fetch(base, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });

describe('the local Cognito proxy', () => {
  it('answers GetTokensFromRefreshToken with REFRESH_TOKEN_AUTH, in the shape Cognito answers it', async () => {
    const res = await call('GetTokensFromRefreshToken', { ClientId: 'client1', RefreshToken: 'good' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      AuthenticationResult: {
        AccessToken: jwt({ iat: 100, exp: 1900 }),
        IdToken: jwt({ iat: 100 }),
        ExpiresIn: 1800,
        TokenType: 'Bearer',
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0].target).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(JSON.parse(seen[0].body)).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client1',
      AuthParameters: { REFRESH_TOKEN: 'good' },
    });
  });

  it("passes cognito-local's refusal of a refresh on, readable by the browser", async () => {
    const res = await call('GetTokensFromRefreshToken', { ClientId: 'client1', RefreshToken: 'revoked' });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await res.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
  });

  it('refuses a refresh without its parameters', async () => {
    const res = await call('GetTokensFromRefreshToken', { ClientId: 'client1' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { __type: string }).__type).toBe('InvalidParameterException');
    expect(seen).toHaveLength(0);
  });

  it('asks for a new password only when the temporary one is right', async () => {
    const right = await call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'client1',
      AuthParameters: { USERNAME: 'new@x.test', PASSWORD: 'Temp#Pass1' },
    });
    expect(((await right.json()) as { ChallengeName: string }).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const wrong = await call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'client1',
      AuthParameters: { USERNAME: 'new@x.test', PASSWORD: 'guess' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('takes the answer to the new-password challenge only with the session it issued, once', async () => {
    const challenge = (await (
      await call('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'client1',
        AuthParameters: { USERNAME: 'new@x.test', PASSWORD: 'Temp#Pass1' },
      })
    ).json()) as { Session: string };
    const answer = (session: string, username = 'new@x.test') =>
      call('RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: 'client1',
        Session: session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: 'Chosen#Pass2' },
      });
    seen = [];
    const forged = await answer('made-up');
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
    expect((await answer(challenge.Session, 'someone-else@x.test')).status).toBe(400);
    expect(seen).toHaveLength(0);
    expect((await answer(challenge.Session)).status).toBe(200);
    expect(seen).toHaveLength(1);
    expect((await answer(challenge.Session)).status).toBe(400);
  });

  it('passes every other call through unchanged, headers and body', async () => {
    const res = await fetch(`${base}/some/path?x=1`, {
      method: 'POST',
      headers: {
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
        'x-amz-user-agent': 'amplify',
      },
      body: 'raw',
    });
    expect(res.status).toBe(207);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(await res.text()).toBe('echo:raw');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/some/path?x=1', body: 'raw' });
    expect(seen[0].headers['x-amz-user-agent']).toBe('amplify');
    const preflight = await fetch(base, { method: 'OPTIONS' });
    expect(preflight.status).toBe(207);
    expect(seen[1].method).toBe('OPTIONS');
  });
});

describe('helpers', () => {
  it('reads a token lifetime from exp and iat', () => {
    expect(tokenLifetime(jwt({ iat: 10, exp: 3610 }))).toBe(3600);
    expect(tokenLifetime('not-a-jwt')).toBeUndefined();
  });

  it("reads a user's stored password through the client's pool, and nothing for unknown ones", () => {
    expect(storedPassword(dbDir, 'client1', 'new@x.test')).toBe('Temp#Pass1');
    expect(storedPassword(dbDir, 'client1', 'nobody')).toBeUndefined();
    expect(storedPassword(dbDir, 'other', 'new@x.test')).toBeUndefined();
  });
});
