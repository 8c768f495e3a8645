import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
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
const list = require('./handlers/list-products') as typeof import('./handlers/list-products');
const get = require('./handlers/get-product') as typeof import('./handlers/get-product');

const item = (n: number) => ({
  pk: `PRODUCT#00000000-0000-4000-8000-00000000000${n}`,
  sk: 'PRODUCT',
  gsi1pk: 'CATALOGUE',
  gsi1sk: String(100 + n).padStart(10, '0'),
  entity: 'product',
  id: `00000000-0000-4000-8000-00000000000${n}`,
  productid: 100 + n,
  name: `Strip ${n}`,
  brand: 'OneTouch',
  buybackprice: 20 + n,
  imageurl: null,
  producttype: 'Test Strips',
  boxcount: 50,
  description: 'Sealed box',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const event = (pathParameters?: Record<string, string>) =>
  ({
    headers: { 'x-origin-verify': 'origin-secret' },
    pathParameters,
    requestContext: { http: { sourceIp: '127.0.0.1' } },
  }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
const call = async (
  h: (e: APIGatewayProxyEventV2WithJWTAuthorizer, c: Context) => Promise<APIGatewayProxyStructuredResultV2>,
  e = event(),
) => {
  const res = await h(e, {} as Context);
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') };
};

beforeEach(() => ddb.reset());

describe('list products', () => {
  it('reads every page of the catalogue with Queries on the collection index, never a Scan', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [item(1), item(2)], LastEvaluatedKey: { pk: 'x' } })
      .resolvesOnce({ Items: [item(3)] });
    const res = await call(list.handler);
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: { productId: number }) => p.productId)).toEqual([101, 102, 103]);
    expect(res.body.products[0]).toMatchObject({
      buybackPrice: 21,
      inStock: true,
      productType: 'Test Strips',
    });
    const queries = ddb.commandCalls(QueryCommand);
    expect(queries).toHaveLength(2);
    expect(queries[0].args[0].input).toMatchObject({
      IndexName: 'collection',
      ExpressionAttributeValues: { ':pk': 'CATALOGUE' },
    });
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });
});

describe('get product', () => {
  it('reads one item by key', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...item(4), instock: false } });
    const res = await call(get.handler, event({ id: '00000000-0000-4000-8000-000000000004' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: '00000000-0000-4000-8000-000000000004', inStock: false });
    expect(ddb.commandCalls(GetCommand)[0].args[0].input.Key).toEqual({
      pk: 'PRODUCT#00000000-0000-4000-8000-000000000004',
      sk: 'PRODUCT',
    });
  });

  it('answers 404 for an unknown id and 400 before any read for a malformed one', async () => {
    ddb.on(GetCommand).resolves({});
    expect((await call(get.handler, event({ id: '00000000-0000-4000-8000-000000000009' }))).status).toBe(404);
    const bad = await call(get.handler, event({ id: 'nope' }));
    expect(bad.status).toBe(400);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
  });
});
