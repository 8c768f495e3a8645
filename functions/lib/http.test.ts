import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import * as z from 'zod/mini';
import type { RouteDef } from '../../shared/route-def.js';
import { AppError, notFound } from './errors.js';
import { httpRoute, reply } from './http.js';
import { clearOriginSecretCache } from './origin-secret.js';

const ctx = {} as Context;
const ORIGIN_SECRET = 'f3c1d2e4b5a697887766554433221100';
process.env.ORIGIN_SECRET_ID = 'origin-secret-arn';
const originSecret = mockClient(SecretsManagerClient);
originSecret
  .on(GetSecretValueCommand)
  .resolves({ SecretString: JSON.stringify({ originVerify: ORIGIN_SECRET }) });
const event = (over: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> = {}) =>
  ({
    version: '2.0',
    routeKey: 'POST /api/things/{id}',
    rawPath: '/api/things/1',
    rawQueryString: '',
    requestContext: { http: { method: 'POST', path: '/api/things/1', sourceIp: '203.0.113.9' } },
    isBase64Encoded: false,
    ...over,
    headers: { 'content-type': 'application/json', 'x-origin-verify': ORIGIN_SECRET, ...over.headers },
  }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

const route = {
  method: 'POST',
  path: '/api/things/{id}',
  auth: 'public',
  handler: 'x',
  request: {
    params: z.object({ id: z.string().check(z.regex(/^\d+$/, 'id must be digits')) }),
    body: z.object({ name: z.string().check(z.minLength(2, 'Name is required')) }),
  },
  response: z.object({ id: z.string(), name: z.string() }),
  capabilities: [],
} as const satisfies RouteDef;

const run = async (h: ReturnType<typeof httpRoute>, e: APIGatewayProxyEventV2WithJWTAuthorizer) => {
  const res = await h(e, ctx);
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null'), headers: res.headers };
};

describe('httpRoute refuses a request that did not come through CloudFront', () => {
  const seen: string[] = [];
  const spy = httpRoute(route, async ({ params, body, sourceIp }) => {
    seen.push(sourceIp);
    return { id: params.id, name: body.name };
  });
  const forged = (headers: Record<string, string>) =>
    event({
      pathParameters: { id: '7' },
      body: '{"name":"Strips"}',
      headers: { 'cloudfront-viewer-address': '198.51.100.7:443', ...headers },
    });

  it.each([
    ['without the origin header', { 'x-origin-verify': '' }],
    ['with a wrong origin header', { 'x-origin-verify': 'guess' }],
    ['with a header one character off', { 'x-origin-verify': `${ORIGIN_SECRET.slice(0, -1)}1` }],
  ])('%s: 403, the handler never runs', async (_name, headers) => {
    const res = await run(spy, forged(headers));
    expect([res.status, res.body.error]).toEqual([
      403,
      { code: 'forbidden', message: 'Requests must be made through the website' },
    ]);
    expect(seen).toEqual([]);
  });

  it('refuses everything while no origin secret is configured', async () => {
    clearOriginSecretCache();
    originSecret.on(GetSecretValueCommand).resolves({ SecretString: '{}' });
    try {
      expect((await run(spy, forged({}))).status).toBe(403);
    } finally {
      clearOriginSecretCache();
      originSecret
        .on(GetSecretValueCommand)
        .resolves({ SecretString: JSON.stringify({ originVerify: ORIGIN_SECRET }) });
    }
    expect(seen).toEqual([]);
  });

  it('with the secret, trusts CloudFront-Viewer-Address for the client IP', async () => {
    expect((await run(spy, forged({}))).status).toBe(200);
    expect(seen).toEqual(['198.51.100.7']);
  });
});

describe('httpRoute', () => {
  const echo = httpRoute(route, async ({ params, body, sourceIp }) => {
    expect(sourceIp).toBe('203.0.113.9');
    return reply(201, { id: params.id, name: body.name });
  });

  it('parses params and body with the route schemas and replies', async () => {
    const res = await run(echo, event({ pathParameters: { id: '7' }, body: '{"name":"Strips","extra":1}' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: '7', name: 'Strips' });
    expect(res.headers?.['content-type']).toMatch(/application\/json/);
  });

  it('answers 400 with per-field messages from the schema', async () => {
    const res = await run(echo, event({ pathParameters: { id: 'x' }, body: '{"name":"S"}' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'validation',
      message: 'id must be digits',
      fields: { id: 'id must be digits' },
    });
  });

  it('answers 400 for a body that is not JSON, and for a missing body', async () => {
    expect((await run(echo, event({ pathParameters: { id: '1' }, body: '{oops' }))).body.error.message).toBe(
      'Request body must be valid JSON',
    );
    expect((await run(echo, event({ pathParameters: { id: '1' } }))).status).toBe(400);
  });

  it('takes the client IP from CloudFront-Viewer-Address when CloudFront is in front', async () => {
    const seen: string[] = [];
    const h = httpRoute(route, async ({ sourceIp }) => {
      seen.push(sourceIp);
      return { id: '1', name: 'x' };
    });
    const ok = { pathParameters: { id: '1' }, body: '{"name":"Strips"}' };
    await h(event({ ...ok, headers: { 'CloudFront-Viewer-Address': '198.51.100.7:46532' } }), ctx);
    await h(event({ ...ok, headers: { 'cloudfront-viewer-address': '2001:db8::1:443' } }), ctx);
    expect(seen).toEqual(['198.51.100.7', '2001:db8::1']);
  });

  it('decodes base64 bodies', async () => {
    const body = Buffer.from('{"name":"Strips"}').toString('base64');
    const res = await run(echo, event({ pathParameters: { id: '1' }, body, isBase64Encoded: true }));
    expect(res.status).toBe(201);
  });

  it('maps AppErrors to their status and hides anything else behind a bare 500', async () => {
    const missing = httpRoute(route, async () => {
      throw notFound('Thing not found');
    });
    const ok = { pathParameters: { id: '1' }, body: '{"name":"Strips"}' };
    expect(await run(missing, event(ok))).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', message: 'Thing not found' } },
    });

    const limited = httpRoute(route, async () => {
      throw new AppError('rate_limited', 'Slow down', undefined, { 'retry-after': '60' });
    });
    const res429 = await run(limited, event(ok));
    expect(res429.status).toBe(429);
    expect(res429.headers?.['retry-after']).toBe('60');

    const broken = httpRoute(route, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.1:5432 password=hunter2');
    });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const res = await run(broken, event(ok));
    spy.mockRestore();
    expect(res).toMatchObject({
      status: 500,
      body: { error: { code: 'internal', message: 'Internal server error' } },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/hunter2|ECONNREFUSED/);
  });

  describe('admin routes', () => {
    const admin = httpRoute({ ...route, auth: 'admin' }, async ({ auth }) => ({ id: auth!.sub, name: 'ok' }));
    const ok = { pathParameters: { id: '1' }, body: '{"name":"Strips"}' };
    const withClaims = (claims: Record<string, unknown>) =>
      event({
        ...ok,
        requestContext: { ...event().requestContext, authorizer: { jwt: { claims, scopes: [] } } } as never,
      });

    it('refuses an anonymous call with 401', async () => {
      expect((await run(admin, event(ok))).status).toBe(401);
    });

    it('refuses a signed-in user outside the admin group with 403', async () => {
      expect((await run(admin, withClaims({ sub: 'u1', 'cognito:groups': '[staff]' }))).status).toBe(403);
    });

    it('lets an admin through, with groups as API Gateway flattens them or as an array', async () => {
      expect((await run(admin, withClaims({ sub: 'u1', 'cognito:groups': '[staff admin]' }))).body).toEqual({
        id: 'u1',
        name: 'ok',
      });
      expect((await run(admin, withClaims({ sub: 'u2', 'cognito:groups': ['admin'] }))).status).toBe(200);
    });
  });
});

describe('content type', () => {
  const body = '{"name":"Strips"}';
  const echo = httpRoute(route, async ({ params, body }) => reply(200, { id: params.id, name: body.name }));
  it.each([
    ['text/plain', 415],
    ['text/plain;charset=UTF-8', 415],
    ['application/x-www-form-urlencoded', 415],
    ['multipart/form-data; boundary=x', 415],
    ['application/jsonp', 415],
    ['application/json', 200],
    ['application/json; charset=utf-8', 200],
    ['Application/JSON', 200],
    ['application/merge-patch+json', 200],
  ])('a body sent as %s answers %i', async (type, status) => {
    const res = await run(
      echo,
      event({ pathParameters: { id: '1' }, body, headers: { 'content-type': type } }),
    );
    expect(res.status).toBe(status);
    if (status === 415) expect(res.body.error).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('a body without a content type is refused too (415)', async () => {
    const unlabelled = event({ pathParameters: { id: '1' }, body });
    delete (unlabelled.headers as Record<string, string>)['content-type'];
    expect((await run(echo, unlabelled)).status).toBe(415);
  });
});

describe('httpRoute answers 503 before the function times out', () => {
  const slow = httpRoute(route, async ({ params, body }) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { id: params.id, name: body.name };
  });
  const request = event({ pathParameters: { id: '7' }, body: '{"name":"Strips"}' });
  /** A Lambda context with `ms` left on the clock. */
  const withRemaining = (ms: number) => {
    const deadline = Date.now() + ms;
    return { getRemainingTimeInMillis: () => deadline - Date.now() } as unknown as Context;
  };

  it('a request still running a second before the deadline: 503 with Retry-After', async () => {
    const res = await slow(request, withRemaining(1300));
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['retry-after']).toBe('2');
    expect(JSON.parse(res.body ?? 'null').error).toEqual({
      code: 'busy',
      message: 'The server is busy. Please try again in a moment.',
    });
  });

  it('one that finishes in time answers as usual', async () => {
    const res = await slow(request, withRemaining(5000));
    expect(res.statusCode).toBe(200);
  });
});
