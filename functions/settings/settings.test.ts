import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';

process.env.TABLE_NAME = 'test-table';
process.env.ORIGIN_SECRET_ID = 'origin-secret-arn';
const originSecret = mockClient(SecretsManagerClient);
originSecret
  .on(GetSecretValueCommand)
  .resolves({ SecretString: JSON.stringify({ originVerify: 'origin-secret' }) });
const ddb = mockClient(DynamoDBDocumentClient);
const settings = require('./handlers/get-settings') as typeof import('./handlers/get-settings');
const { DEFAULT_PUBLIC_SETTINGS } =
  require('../../shared/rules/settings-defaults') as typeof import('../../shared/rules/settings-defaults');

const event = () =>
  ({
    headers: { 'x-origin-verify': 'origin-secret' },
    requestContext: { http: { sourceIp: '127.0.0.1' } },
  }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
const call = async (
  h: (e: APIGatewayProxyEventV2WithJWTAuthorizer, c: Context) => Promise<APIGatewayProxyStructuredResultV2>,
) => {
  const res = await h(event(), {} as Context);
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') };
};

beforeEach(() => ddb.reset());

describe('get public settings', () => {
  it('answers the defaults when no settings are stored', async () => {
    ddb.on(GetCommand).resolves({});
    const res = await call(settings.handler);
    expect(res).toEqual({ status: 200, body: DEFAULT_PUBLIC_SETTINGS });
  });

  it('answers a generic 500 when the table cannot be read', async () => {
    ddb.on(GetCommand).rejects(new Error('ResourceNotFoundException: table gone'));
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const res = await call(settings.handler);
    spy.mockRestore();
    expect(res).toEqual({
      status: 500,
      body: { error: { code: 'internal', message: 'Internal server error' } },
    });
  });
});
