import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { ZAuthConfig } from '../../../shared/schemas/auth';
import { handler } from './get-auth-config';

const event = {
  headers: { 'x-origin-verify': 'origin-secret' },
  requestContext: { http: { sourceIp: '127.0.0.1' } },
} as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

const call = async () => {
  const res = (await handler(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode, headers: res.headers ?? {}, body: JSON.parse(res.body ?? 'null') };
};

mockClient(SecretsManagerClient)
  .on(GetSecretValueCommand)
  .resolves({ SecretString: JSON.stringify({ originVerify: 'origin-secret' }) });

const saved = { ...process.env };
beforeEach(() => {
  process.env.AWS_REGION = 'eu-west-2';
  process.env.ORIGIN_SECRET_ID = 'origin-secret-arn';
  process.env.SIGN_IN_FLOW = 'USER_SRP_AUTH';
  process.env.USER_POOL_ID = 'eu-west-2_AbC123';
  process.env.USER_POOL_CLIENT_ID = 'client123';
  process.env.BREACH_RANGE_URL = 'https://api.pwnedpasswords.com/range/';
  delete process.env.COGNITO_ENDPOINT;
});
afterAll(() => {
  process.env = saved;
});

describe('GET /api/auth/config', () => {
  it('answers the pool, client, region and range service from the environment, with no endpoint in AWS', async () => {
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      region: 'eu-west-2',
      userPoolId: 'eu-west-2_AbC123',
      userPoolClientId: 'client123',
      userPoolEndpoint: null,
      breachRangeUrl: 'https://api.pwnedpasswords.com/range/',
      signInFlow: 'USER_SRP_AUTH',
    });
    expect(ZAuthConfig.safeParse(res.body).success).toBe(true);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });

  it('names the local Cognito endpoint when the environment sets one', async () => {
    process.env.COGNITO_ENDPOINT = 'http://localhost:9229';
    process.env.BREACH_RANGE_URL = 'http://localhost:3000/__local/breach/range/';
    const res = await call();
    expect(res.body.userPoolEndpoint).toBe('http://localhost:9229');
    expect(res.body.breachRangeUrl).toBe('http://localhost:3000/__local/breach/range/');
  });

  it('names the plain-password flow only where the environment asks for it (the local stack)', async () => {
    process.env.SIGN_IN_FLOW = 'USER_PASSWORD_AUTH';
    expect((await call()).body.signInFlow).toBe('USER_PASSWORD_AUTH');
    process.env.SIGN_IN_FLOW = 'ALLOW_EVERYTHING';
    expect((await call()).status).toBe(500);
  });

  it('fails with the generic 500 rather than answer an incomplete configuration', async () => {
    delete process.env.USER_POOL_CLIENT_ID;
    const res = await call();
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('USER_POOL');
  });
});
