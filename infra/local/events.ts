/**
 * The event and response shapes Lambda sees behind an API Gateway HTTP API (payload format 2.0) and an SQS
 * event source mapping; pure, so unit-tested without servers.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { isRecord } from './template/intrinsics.js';

export interface HttpRequestInfo {
  method: string;
  /** Path and query exactly as received, e.g. `/api/products?x=1`. */
  url: string;
  /** Node's `rawHeaders`: [name, value, name, value, ...]. */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
  /** What CloudFront would put in CloudFront-Viewer-Address: the viewer's ip:port. */
  viewerAddress?: string;
  /** Headers CloudFront adds for the origin (the origin secret), overwriting any the client sent. */
  originHeaders?: Record<string, string>;
  /**
   * The request reached the HTTP API's own endpoint, not CloudFront: every header is exactly what the client
   * sent (a CloudFront-Viewer-Address too), and nothing is added.
   */
  direct?: boolean;
  routeKey: string;
  pathParameters: Record<string, string>;
  authorizer?: { claims: Record<string, string>; scopes: string[] | null };
  now?: Date;
  requestId?: string;
}

/** API Gateway HTTP APIs pass these as text; every other body arrives base64-encoded. */
const TEXT_TYPES =
  /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|graphql|yaml|x-yaml)\b)/i;

export const isTextContentType = (contentType: string | undefined): boolean =>
  contentType !== undefined && TEXT_TYPES.test(contentType.trim());

/** `12/Mar/2020:19:03:58 +0000`, API Gateway's requestContext.time (from `Thu, 12 Mar 2020 19:03:58 GMT`). */
export function apiGatewayTime(date: Date): string {
  const [, day, month, year, time] = date.toUTCString().split(' ');
  return `${day}/${month}/${year}:${time} +0000`;
}

/** CloudFront's header with the viewer's address, forwarded by the API origin request policy. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
/**
 * Test profile only: the local CloudFront takes the viewer's IP from this header instead of the socket, so each
 * test file can be a client of its own for the per-client limits. Never forwarded to a function.
 */
export const LOCAL_CLIENT_IP_HEADER = 'x-local-client-ip';

export function buildHttpEvent(request: HttpRequestInfo): APIGatewayProxyEventV2 {
  const now = request.now ?? new Date();
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : request.url.slice(queryStart + 1);

  // Repeated headers are joined with commas; cookies move to their own array, as API Gateway does.
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i].toLowerCase();
    const value = request.rawHeaders[i + 1];
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean),
      );
      continue;
    }
    // CloudFront sets these itself; a value sent by the client never reaches the origin through it.
    const edgeOwned =
      name === VIEWER_ADDRESS_HEADER ||
      name === LOCAL_CLIENT_IP_HEADER ||
      name in (request.originHeaders ?? {});
    if (edgeOwned && !request.direct) continue;
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  if (!request.direct) {
    if (request.viewerAddress) headers[VIEWER_ADDRESS_HEADER] = request.viewerAddress;
    Object.assign(headers, request.originHeaders);
  }

  const query: Record<string, string> = {};
  if (rawQueryString) {
    for (const [key, value] of new URLSearchParams(rawQueryString)) {
      query[key] = key in query ? `${query[key]},${value}` : value;
    }
  }

  const hasBody = request.body.length > 0;
  const text = isTextContentType(headers['content-type']);
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: request.routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'localapi',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0].split(':')[0],
      http: {
        method: request.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: request.requestId ?? randomUUID(),
      routeKey: request.routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: hasBody ? !text : false,
  };
  if (cookies.length > 0) event.cookies = cookies;
  if (Object.keys(query).length > 0) event.queryStringParameters = query;
  if (Object.keys(request.pathParameters).length > 0) event.pathParameters = request.pathParameters;
  if (hasBody) event.body = text ? request.body.toString('utf8') : request.body.toString('base64');
  if (request.authorizer) {
    // The type package lacks the JWT authorizer on the plain v2 event; the runtime object carries it.
    (event.requestContext as unknown as Record<string, unknown>).authorizer = {
      jwt: { claims: request.authorizer.claims, scopes: request.authorizer.scopes },
    };
  }
  return event;
}

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/**
 * API Gateway's reading of a payload 2.0 result: an object with `statusCode` is a full response; anything
 * else is JSON with status 200.
 */
export function toHttpResponse(result: unknown): HttpResponse {
  if (isRecord(result) && 'statusCode' in result) {
    const headers: Record<string, string> = {};
    if (isRecord(result.headers)) {
      for (const [name, value] of Object.entries(result.headers)) {
        if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
      }
    }
    const raw = result.body;
    const text = raw === undefined || raw === null ? '' : typeof raw === 'string' ? raw : JSON.stringify(raw);
    const body = result.isBase64Encoded === true ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
    const cookies = Array.isArray(result.cookies) ? result.cookies.map(String) : [];
    const statusCode = Number(result.statusCode);
    if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
      throw new Error(`The handler returned an invalid statusCode: ${String(result.statusCode)}`);
    }
    return { statusCode, headers, cookies, body };
  }
  const body = Buffer.from(JSON.stringify(result === undefined ? null : result), 'utf8');
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, cookies: [], body };
}

/**
 * Claim values as an HTTP API's JWT authorizer passes them: strings, with arrays as `[a b]`, numbers and
 * booleans stringified, nulls dropped and nested objects as JSON text.
 */
export function apiGatewayClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value))
      claims[name] = `[${value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' ')}]`;
    else if (typeof value === 'object') claims[name] = JSON.stringify(value);
    else claims[name] = String(value);
  }
  return claims;
}

export interface ReceivedMessage {
  MessageId?: string;
  ReceiptHandle?: string;
  Body?: string;
  MD5OfBody?: string;
  Attributes?: Partial<Record<string, string>>;
  MessageAttributes?: Record<string, { DataType?: string; StringValue?: string; BinaryValue?: Uint8Array }>;
}

export function buildSqsEvent(
  messages: readonly ReceivedMessage[],
  queueArn: string,
  region: string,
): SQSEvent {
  const Records: SQSRecord[] = messages.map((message) => {
    const messageAttributes: SQSMessageAttributes = {};
    for (const [name, attribute] of Object.entries(message.MessageAttributes ?? {})) {
      messageAttributes[name] = {
        dataType: attribute.DataType ?? 'String',
        stringValue: attribute.StringValue,
        binaryValue: attribute.BinaryValue
          ? Buffer.from(attribute.BinaryValue).toString('base64')
          : undefined,
        stringListValues: [],
        binaryListValues: [],
      };
    }
    return {
      messageId: message.MessageId ?? '',
      receiptHandle: message.ReceiptHandle ?? '',
      body: message.Body ?? '',
      // SQS's system attributes as the receive returned them (the poller asks for all), as Lambda passes them on.
      attributes: (message.Attributes ?? {}) as unknown as SQSRecord['attributes'],
      messageAttributes,
      md5OfBody: message.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: region,
    };
  });
  return { Records };
}

/**
 * Which messages of a batch to delete after the function returned `result`. With ReportBatchItemFailures,
 * the listed ones stay; a malformed or unknown identifier fails the whole batch, as Lambda does.
 */
export function messagesToDelete(
  messageIds: readonly string[],
  result: unknown,
  reportBatchItemFailures: boolean,
): { delete: string[]; failed: string[] } {
  if (!reportBatchItemFailures) return { delete: [...messageIds], failed: [] };
  if (result === null || result === undefined) return { delete: [...messageIds], failed: [] };
  if (!isRecord(result) || result.batchItemFailures === undefined || result.batchItemFailures === null) {
    return { delete: [...messageIds], failed: [] };
  }
  const failures = result.batchItemFailures;
  if (!Array.isArray(failures)) return { delete: [], failed: [...messageIds] };
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = isRecord(failure) ? failure.itemIdentifier : undefined;
    if (typeof id !== 'string' || !messageIds.includes(id)) return { delete: [], failed: [...messageIds] };
    failed.add(id);
  }
  return { delete: messageIds.filter((id) => !failed.has(id)), failed: [...failed] };
}
