import {
  apiGatewayClaims,
  apiGatewayTime,
  buildHttpEvent,
  buildSqsEvent,
  isTextContentType,
  messagesToDelete,
  toHttpResponse,
} from '../../infra/local/events';

describe('buildHttpEvent', () => {
  const base = {
    method: 'POST',
    url: '/api/orders/C1?a=1&a=2&b=x%20y',
    rawHeaders: [
      'Host',
      'localhost:3000',
      'Content-Type',
      'application/json',
      'X-Many',
      '1',
      'X-Many',
      '2',
      'Cookie',
      'a=1; b=2',
      'User-Agent',
      'jest',
    ],
    body: Buffer.from('{"x":1}'),
    sourceIp: '127.0.0.1',
    routeKey: 'POST /api/orders/{id}',
    pathParameters: { id: 'C1' },
    now: new Date(Date.UTC(2020, 2, 12, 19, 3, 58)),
    requestId: 'req-1',
  };

  describe('as CloudFront forwards it, or straight to the API endpoint', () => {
    const forged = {
      ...base,
      rawHeaders: [
        'CloudFront-Viewer-Address',
        '198.51.100.7:1',
        'X-Origin-Verify',
        'guess',
        'X-Local-Client-Ip',
        '192.0.2.1',
      ],
    };
    it('through CloudFront: the edge sets the viewer address and origin header over the client', () => {
      const event = buildHttpEvent({
        ...forged,
        viewerAddress: '127.0.0.1:5000',
        originHeaders: { 'x-origin-verify': 'secret' },
      });
      expect(event.headers).toEqual({
        'cloudfront-viewer-address': '127.0.0.1:5000',
        'x-origin-verify': 'secret',
      });
    });
    it('direct: every header exactly as the caller wrote it, nothing added', () => {
      const event = buildHttpEvent({
        ...forged,
        viewerAddress: '127.0.0.1:5000',
        originHeaders: { 'x-origin-verify': 'secret' },
        direct: true,
      });
      expect(event.headers).toEqual({
        'cloudfront-viewer-address': '198.51.100.7:1',
        'x-origin-verify': 'guess',
        'x-local-client-ip': '192.0.2.1',
      });
    });
  });

  it('builds a payload 2.0 event the way API Gateway does', () => {
    const event = buildHttpEvent(base);
    expect(event).toEqual({
      version: '2.0',
      routeKey: 'POST /api/orders/{id}',
      rawPath: '/api/orders/C1',
      rawQueryString: 'a=1&a=2&b=x%20y',
      cookies: ['a=1', 'b=2'],
      headers: {
        host: 'localhost:3000',
        'content-type': 'application/json',
        'x-many': '1,2',
        'user-agent': 'jest',
      },
      queryStringParameters: { a: '1,2', b: 'x y' },
      pathParameters: { id: 'C1' },
      body: '{"x":1}',
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'localapi',
        domainName: 'localhost:3000',
        domainPrefix: 'localhost',
        http: {
          method: 'POST',
          path: '/api/orders/C1',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'jest',
        },
        requestId: 'req-1',
        routeKey: 'POST /api/orders/{id}',
        stage: '$default',
        time: '12/Mar/2020:19:03:58 +0000',
        timeEpoch: 1584039838000,
      },
    });
  });

  it('leaves out what the request does not have', () => {
    const event = buildHttpEvent({
      ...base,
      url: '/api/products',
      rawHeaders: [],
      body: Buffer.alloc(0),
      pathParameters: {},
    });
    expect(event).not.toHaveProperty('body');
    expect(event).not.toHaveProperty('cookies');
    expect(event).not.toHaveProperty('queryStringParameters');
    expect(event).not.toHaveProperty('pathParameters');
    expect(event.isBase64Encoded).toBe(false);
  });

  it('base64-encodes binary and form bodies', () => {
    const event = buildHttpEvent({
      ...base,
      rawHeaders: ['Content-Type', 'image/png'],
      body: Buffer.from([0, 1, 2]),
    });
    expect(event.isBase64Encoded).toBe(true);
    expect(event.body).toBe('AAEC');
    expect(isTextContentType('application/x-www-form-urlencoded')).toBe(false);
    expect(isTextContentType('application/vnd.api+json')).toBe(true);
    expect(isTextContentType('text/plain; charset=utf-8')).toBe(true);
  });

  it('adds the JWT authorizer context when authorized', () => {
    const event = buildHttpEvent({ ...base, authorizer: { claims: { sub: 'u1' }, scopes: null } });
    expect((event.requestContext as unknown as { authorizer: unknown }).authorizer).toEqual({
      jwt: { claims: { sub: 'u1' }, scopes: null },
    });
  });

  it('formats the request time like API Gateway', () => {
    expect(apiGatewayTime(new Date(Date.UTC(2024, 0, 5, 3, 4, 5)))).toBe('05/Jan/2024:03:04:05 +0000');
  });
});

describe('toHttpResponse', () => {
  it('passes a full response through, decoding base64 and lower-casing headers', () => {
    const response = toHttpResponse({
      statusCode: 201,
      headers: { 'Content-Type': 'text/plain', 'X-Count': 3 },
      cookies: ['a=1; Path=/'],
      body: Buffer.from('hello').toString('base64'),
      isBase64Encoded: true,
    });
    expect(response).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'text/plain', 'x-count': '3' },
      cookies: ['a=1; Path=/'],
      body: Buffer.from('hello'),
    });
  });

  it('treats anything without statusCode as a JSON 200', () => {
    expect(toHttpResponse({ products: [] })).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      cookies: [],
      body: Buffer.from('{"products":[]}'),
    });
    expect(toHttpResponse('hi').body.toString()).toBe('"hi"');
    expect(toHttpResponse(undefined).body.toString()).toBe('null');
  });

  it('rejects an impossible status code', () => {
    expect(() => toHttpResponse({ statusCode: 'abc' })).toThrow(/invalid statusCode/);
  });
});

describe('apiGatewayClaims', () => {
  it('renders claims as API Gateway does: strings, arrays in brackets, no nulls', () => {
    expect(
      apiGatewayClaims({
        sub: 'u1',
        'cognito:groups': ['admin', 'staff'],
        exp: 1700000000,
        email_verified: true,
        gone: null,
        nested: { a: 1 },
      }),
    ).toEqual({
      sub: 'u1',
      'cognito:groups': '[admin staff]',
      exp: '1700000000',
      email_verified: 'true',
      nested: '{"a":1}',
    });
  });
});

describe('buildSqsEvent', () => {
  it('builds the records a Lambda event source mapping delivers', () => {
    const event = buildSqsEvent(
      [
        {
          MessageId: 'm1',
          ReceiptHandle: 'r1',
          Body: '{"a":1}',
          MD5OfBody: 'md5',
          Attributes: {
            ApproximateReceiveCount: '2',
            SentTimestamp: '1',
            SenderId: 'S',
            ApproximateFirstReceiveTimestamp: '2',
          },
          MessageAttributes: { kind: { DataType: 'String', StringValue: 'order' } },
        },
      ],
      'arn:aws:sqs:us-east-1:000000000000:q',
      'us-east-1',
    );
    expect(event.Records).toEqual([
      {
        messageId: 'm1',
        receiptHandle: 'r1',
        body: '{"a":1}',
        attributes: {
          ApproximateReceiveCount: '2',
          SentTimestamp: '1',
          SenderId: 'S',
          ApproximateFirstReceiveTimestamp: '2',
        },
        messageAttributes: {
          kind: {
            dataType: 'String',
            stringValue: 'order',
            binaryValue: undefined,
            stringListValues: [],
            binaryListValues: [],
          },
        },
        md5OfBody: 'md5',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
        awsRegion: 'us-east-1',
      },
    ]);
  });
});

describe('messagesToDelete', () => {
  const ids = ['a', 'b', 'c'];

  it('deletes everything without ReportBatchItemFailures or when nothing failed', () => {
    expect(messagesToDelete(ids, { batchItemFailures: [{ itemIdentifier: 'a' }] }, false)).toEqual({
      delete: ids,
      failed: [],
    });
    expect(messagesToDelete(ids, { batchItemFailures: [] }, true)).toEqual({ delete: ids, failed: [] });
    expect(messagesToDelete(ids, undefined, true)).toEqual({ delete: ids, failed: [] });
  });

  it('keeps the reported failures', () => {
    expect(messagesToDelete(ids, { batchItemFailures: [{ itemIdentifier: 'b' }] }, true)).toEqual({
      delete: ['a', 'c'],
      failed: ['b'],
    });
  });

  it('fails the whole batch on an unknown or malformed identifier, as Lambda does', () => {
    expect(messagesToDelete(ids, { batchItemFailures: [{ itemIdentifier: 'zzz' }] }, true)).toEqual({
      delete: [],
      failed: ids,
    });
    expect(messagesToDelete(ids, { batchItemFailures: [{}] }, true)).toEqual({ delete: [], failed: ids });
    expect(messagesToDelete(ids, { batchItemFailures: 'a' }, true)).toEqual({ delete: [], failed: ids });
  });
});
