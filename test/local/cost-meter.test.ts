import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFunction } from '../../infra/local/lambdas';
import type { Endpoints } from '../../infra/local/sdk';
import costMeterHooks, { CostMeter, capacityUnits, summarizeTemplate } from '../bench/cost-meter';

describe("the runner's hooks", () => {
  test('count through their own proxies and answer the counts at POST /__local/cost/meter', async () => {
    const [dynamodb, sqs, s3, ses, cognito] = [1, 2, 3, 4, 5].map((p) => `http://127.0.0.1:${p}`);
    const endpoints = { dynamodb, sqs, s3, ses, cognito };
    const hooks = await costMeterHooks({ template: { Resources: {} }, endpoints });
    try {
      const metered = hooks.endpoints?.(endpoints);
      expect(metered?.dynamodb).not.toBe(endpoints.dynamodb);
      expect(metered?.cognito).toBe(endpoints.cognito);
      const fn = { key: 'getProduct', label: 'GetProduct', memoryMb: 1024, env: { PROVIDER_SECRET_ID: 'x' } };
      hooks.observer?.(fn)?.(5, false);
      const counts = (await hooks.controls?.['cost/meter']({ reset: true })) as { lambda: object };
      expect(counts.lambda).toEqual({ GetProduct: expect.objectContaining({ invocations: 1 }) });
      await expect(hooks.controls?.['cost/meter']({ reset: 'yes' })).rejects.toThrow('Send {"reset":true}');
    } finally {
      await hooks.close?.();
    }
  });
});

describe('DynamoDB capacity', () => {
  const body = (json: unknown) => Buffer.from(JSON.stringify(json));
  test('a request that did not ask for ConsumedCapacity is sent asking for TOTAL', () => {
    const sent = CostMeter.withCapacity('DynamoDB_20120810.GetItem', body({ TableName: 't', Key: {} }));
    expect(JSON.parse(sent.toString())).toEqual({ TableName: 't', Key: {}, ReturnConsumedCapacity: 'TOTAL' });
    const none = CostMeter.withCapacity(
      'DynamoDB_20120810.PutItem',
      body({ TableName: 't', ReturnConsumedCapacity: 'NONE' }),
    );
    expect(JSON.parse(none.toString()).ReturnConsumedCapacity).toBe('TOTAL');
  });

  test("the caller's own choice, and operations without capacity, are sent unchanged", () => {
    const indexes = body({ TableName: 't', ReturnConsumedCapacity: 'INDEXES' });
    expect(CostMeter.withCapacity('DynamoDB_20120810.Query', indexes)).toBe(indexes);
    const describe = body({ TableName: 't' });
    expect(CostMeter.withCapacity('DynamoDB_20120810.DescribeTable', describe)).toBe(describe);
  });

  test('units of an answer: one object, or a list (batches, transactions)', () => {
    expect(capacityUnits({ TableName: 't', CapacityUnits: 0.5 })).toBe(0.5);
    expect(capacityUnits([{ CapacityUnits: 4 }, { CapacityUnits: 2 }])).toBe(6);
    expect(capacityUnits(undefined)).toBeUndefined();
  });
});

describe('the template summary', () => {
  test('alarm metrics count every metric of a metric math alarm; queue pollers exclude stream sources', () => {
    const summary = summarizeTemplate({
      Resources: {
        Errors: {
          Type: 'AWS::CloudWatch::Alarm',
          Properties: {
            Metrics: [
              { Id: 'e', Expression: 'm1+m2+m3' },
              { Id: 'm1', MetricStat: {} },
              { Id: 'm2', MetricStat: {} },
              { Id: 'm3', MetricStat: {} },
            ],
          },
        },
        Dlq: { Type: 'AWS::CloudWatch::Alarm', Properties: { MetricName: 'x' } },
        Fn: { Type: 'AWS::Lambda::Function', Properties: { Architectures: ['arm64'] } },
        Fn2: { Type: 'AWS::Lambda::Function', Properties: {} },
        Sqs: {
          Type: 'AWS::Lambda::EventSourceMapping',
          Properties: { EventSourceArn: { 'Fn::GetAtt': ['Queue', 'Arn'] } },
        },
        Stream: {
          Type: 'AWS::Lambda::EventSourceMapping',
          Properties: { EventSourceArn: { 'Fn::GetAtt': ['Table', 'StreamArn'] } },
        },
      },
    });
    expect(summary).toEqual({
      resources: {
        'AWS::CloudWatch::Alarm': 2,
        'AWS::Lambda::Function': 2,
        'AWS::Lambda::EventSourceMapping': 2,
      },
      alarmMetrics: 4,
      alarmIds: ['Errors', 'Dlq'],
      armFunctions: 1,
      queueEventSourceMappings: 1,
    });
  });
});

describe('invocations', () => {
  test('each is counted with its duration rounded up to the millisecond, times the memory', () => {
    const meter = new CostMeter();
    const observe = meter.observer('Worker', 512, true);
    observe(1.2, false);
    observe(10, true);
    const { lambda } = meter.snapshot(true);
    expect(lambda.Worker).toMatchObject({
      invocations: 2,
      errors: 1,
      billedMs: 12,
      memoryMb: 512,
      readsSecret: true,
    });
    expect(lambda.Worker.gbSeconds).toBeCloseTo(0.5 * 0.012, 10);
    expect(meter.snapshot().lambda).toEqual({});
  });

  test('a local function tells its observer of each invocation, failed or not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cost-meter-fn-'));
    writeFileSync(
      join(dir, 'index.js'),
      'exports.handler = async (event) => { if (event.fail) throw new Error("no"); return { ok: true }; };',
    );
    const seen: boolean[] = [];
    const fn = new LocalFunction(
      {
        label: 'Probe',
        functionName: 'probe',
        functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:probe',
        dir,
        handler: 'index.handler',
        timeoutSeconds: 10,
        memoryMb: 128,
        env: {},
      },
      { line() {} },
      (durationMs, failed) => {
        expect(durationMs).toBeGreaterThanOrEqual(0);
        seen.push(failed);
      },
    );
    try {
      await expect(fn.invoke({})).resolves.toEqual({ ok: true });
      await expect(fn.invoke({ fail: true })).rejects.toThrow('no');
      expect(seen).toEqual([false, true]);
    } finally {
      await fn.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the counting proxies', () => {
  let upstream: Server;
  let meter: CostMeter;
  let endpoints: Endpoints;
  const received: Array<{ url: string; body: string; host: string }> = [];
  /** What the fake emulators answer, by the request. */
  const answer = (req: IncomingMessage, body: string): string => {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (target === 'DynamoDB_20120810.GetItem')
      return JSON.stringify({ ConsumedCapacity: { CapacityUnits: 0.5 } });
    if (target === 'DynamoDB_20120810.TransactWriteItems')
      return JSON.stringify({ ConsumedCapacity: [{ CapacityUnits: 4 }, { CapacityUnits: 6 }] });
    if (target === 'AmazonSQS.ReceiveMessage')
      return JSON.stringify(JSON.parse(body).QueueUrl.endsWith('/busy') ? { Messages: [{}, {}] } : {});
    return '{}';
  };

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        received.push({ url: req.url ?? '', body, host: String(req.headers.host) });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(answer(req, body));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    meter = new CostMeter();
    endpoints = await meter.proxy({
      dynamodb: origin,
      sqs: origin,
      s3: origin,
      ses: origin,
      cognito: origin,
    });
  });
  afterAll(async () => {
    await meter.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  const post = (url: string, headers: Record<string, string>, body: unknown) =>
    fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

  test('DynamoDB: requests by operation, read and write units from the answers, capacity asked for', async () => {
    meter.snapshot(true);
    const ddb = (op: string, body: unknown) =>
      post(endpoints.dynamodb, { 'x-amz-target': `DynamoDB_20120810.${op}` }, body);
    expect((await ddb('GetItem', { TableName: 't' })).status).toBe(200);
    await ddb('GetItem', { TableName: 't' });
    await ddb('TransactWriteItems', { TransactItems: [] });
    await ddb('DescribeTable', { TableName: 't' });
    const { dynamodb } = meter.snapshot(true);
    expect(dynamodb).toEqual({
      requests: { GetItem: 2, TransactWriteItems: 1, DescribeTable: 1 },
      readUnits: 1,
      writeUnits: 10,
      withoutCapacity: 1,
    });
    expect(JSON.parse(received.at(-2)!.body).ReturnConsumedCapacity).toBe('TOTAL');
  });

  test('SQS: sends and batch sends by message, receives with messages apart from empty long polls', async () => {
    meter.snapshot(true);
    const sqs = (op: string, body: unknown) =>
      post(endpoints.sqs, { 'x-amz-target': `AmazonSQS.${op}` }, body);
    await sqs('SendMessage', { QueueUrl: 'q', MessageBody: 'x' });
    await sqs('SendMessageBatch', { QueueUrl: 'q', Entries: [{}, {}, {}] });
    await sqs('ReceiveMessage', { QueueUrl: 'http://q/busy' });
    await sqs('ReceiveMessage', { QueueUrl: 'http://q/idle' });
    await sqs('SendMessage', { QueueUrl: 'q', MessageBody: 'x'.repeat(70 * 1024) });
    const { sqs: counts } = meter.snapshot(true);
    expect(counts).toEqual({
      requests: { SendMessage: 2, SendMessageBatch: 1, ReceiveMessage: 2 },
      // The 70 KB message is two 64 KB chunks.
      billedRequests: 6,
      messagesSent: 5,
      receivesWithMessages: 1,
      emptyReceives: 1,
    });
  });

  test('SES: recipients of each e-mail sent; S3: lists apart from gets; the Host header kept', async () => {
    meter.snapshot(true);
    await post(
      `${endpoints.ses}/v2/email/outbound-emails`,
      { 'content-type': 'application/json' },
      {
        Destination: { ToAddresses: ['a@example.com'], BccAddresses: ['b@example.com'] },
      },
    );
    await fetch(`${endpoints.ses}/v2/email/identities/example.com`);
    await fetch(`${endpoints.s3}/bucket?list-type=2`);
    await fetch(`${endpoints.s3}/bucket/key.png`);
    await fetch(`${endpoints.s3}/bucket/key.png`, { method: 'HEAD' });
    const counts = meter.snapshot(true);
    expect(counts.ses).toEqual({
      requests: { 'POST /v2/email/outbound-emails': 1, 'GET /v2/email/identities': 1 },
      recipients: 2,
    });
    expect(counts.s3).toEqual({ requests: { LIST: 1, GET: 1, HEAD: 1 } });
    expect(received.at(-1)!.host).toBe(new URL(endpoints.s3).host);
  });
});
