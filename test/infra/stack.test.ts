import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { Metafile } from 'esbuild';
import { ORDER_LIST_ATTRIBUTES } from '../../functions/lib/entities';
import { createApp } from '../../infra/app';
import { buildFunctions } from '../../infra/build-functions';
import { readAssembly } from '../../infra/local/synth';
import { assertSupported, type CfnTemplate } from '../../infra/local/template/intrinsics';
import { EMAIL_FROM_PLACEHOLDER } from '../../infra/stage-config';
import * as ENV from '../../shared/env-vars';
import {
  type RouteDef,
  routes,
  schedules,
  streamConsumers,
  subscribers,
  type WorkerDef,
  workers,
} from '../../shared/routes';
import {
  ORIGIN_SECRET_KEY,
  ORIGIN_VERIFY_HEADER,
  TABLE_INDEXES,
  TTL_ATTRIBUTE,
} from '../../shared/runtime-env';
import { items, query } from '../../shared/table-access';
import { type FunctionBuild, functionsFolderFor, sharedFunctionBuild } from '../support/function-build-run';

jest.setTimeout(120_000);

// The real tables plus rows the real ones may not have yet: an admin route and a worker on another queue, both
// touching every capability, so authorizer, grants and visibility rules are exercised today.
const testRoutes: Record<string, RouteDef> = {
  ...routes,
  adminProbe: {
    method: 'POST',
    path: '/api/admin/probe/{id}',
    auth: 'admin',
    handler: routes.getProduct.handler,
    request: {},
    response: routes.getProduct.response,
    capabilities: [
      items(['GetItem', 'PutItem', 'UpdateItem'], 'product'),
      'images:read',
      'images:write',
      'secret:read',
      'email-jobs:send',
      'label-jobs:send',
    ],
  },
};
const testWorkers: Record<string, WorkerDef> = {
  ...workers,
  smsProbe: {
    queue: 'sms-jobs',
    handler: workers.emailWorker.handler,
    timeoutSeconds: 45,
    batchSize: 5,
    retryBaseSeconds: 10,
    capabilities: [query('collection', 'smsLog'), 'email-jobs:send'],
  },
};

// biome-ignore lint/suspicious/noExplicitAny: synthesized CloudFormation is untyped JSON; the tests assert its shape.
type Cfn = any;
type Resource = {
  Type: string;
  Properties?: Record<string, Cfn>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
type Json = { Resources: Record<string, Resource>; Outputs: Record<string, unknown> };

/** What `cdk deploy -c stage=prod` must be given: someone to alarm and a sender SES can verify. */
const PROD_FLAGS = { alarmEmail: 'ops@buyback.store', emailFrom: 'orders@buyback.store' };

const tmp = mkdtempSync(path.join(tmpdir(), 'infra-stack-test-'));
const functionsOutdir = path.join(tmp, 'functions');
const templates: Record<'dev' | 'prod', { template: Template; json: Json; outdir: string }> = {} as never;
let metafile: Metafile;

// The run's one build of the functions (test/support/function-build.ts), laid out for the test tables.
let build: FunctionBuild;
beforeAll(async () => {
  build = await sharedFunctionBuild();
  metafile = build.metafile;
  functionsFolderFor(
    build,
    { ...testRoutes, ...testWorkers, ...schedules, ...subscribers, ...streamConsumers },
    functionsOutdir,
  );
  for (const stage of ['dev', 'prod'] as const) {
    const { app, stack } = createApp({
      stage,
      outdir: path.join(tmp, `cdk.out.${stage}`),
      functionsOutdir,
      webDir: path.join(tmp, 'no-web-build'),
      routes: testRoutes,
      workers: testWorkers,
      skipBuild: true,
      config: stage === 'prod' ? PROD_FLAGS : {},
    });
    const outdir = path.join(tmp, `cdk.out.${stage}`);
    app.synth();
    // The routes live in nested stacks: read them into the parent as the local runner does.
    const json = readAssembly(outdir, stack).template as Json;
    templates[stage] = { template: Template.fromJSON(json), json, outdir };
  }
  // Waits for the build the run started in the background, then synthesizes twice.
}, 600_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const dev = () => templates.dev;
const ofType = (json: Json, type: string) =>
  Object.entries(json.Resources).filter(([, r]) => r.Type === type);
const refOf = (value: Cfn): string | undefined => value?.Ref ?? value?.['Fn::GetAtt']?.[0];

/** Logical ids a resource points at (Ref, GetAtt, Sub, DependsOn), for the cycle check. */
function referencedIds(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencedIds(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string') found.add(v);
      else if (key === 'Fn::GetAtt') found.add(Array.isArray(v) ? v[0] : String(v).split('.')[0]);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(v) ? v[0] : v;
        for (const m of String(text).matchAll(/\$\{([^}.!]+)/g)) found.add(m[1]);
        if (Array.isArray(v)) referencedIds(v[1], found);
      } else referencedIds(v, found);
    }
  }
  return found;
}

function functionOfRoute(json: Json, routeKey: string): [string, Resource] {
  const route = ofType(json, 'AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties?.RouteKey === routeKey);
  if (!route) throw new Error(`no route ${routeKey}`);
  const integrationId = route[1].Properties?.Target['Fn::Join'][1][1].Ref;
  const integration = json.Resources[integrationId];
  const fnId = refOf(integration.Properties?.IntegrationUri)!;
  return [fnId, json.Resources[fnId]];
}

describe('routes', () => {
  test.each(Object.entries(testRoutes))('%s has its own function and route `METHOD path`', (_key, row) => {
    const { json } = dev();
    const [, fn] = functionOfRoute(json, `${row.method} ${row.path}`);
    expect(fn.Type).toBe('AWS::Lambda::Function');
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: row.memoryMb ?? 256,
      Timeout: row.timeoutSeconds ?? 10,
    });
    expect(fn.Properties?.Description).toBe(`${row.method} ${row.path}`);
  });

  test('admin routes carry the Cognito JWT authorizer and public routes none', () => {
    const { json } = dev();
    const [authorizerId, authorizer] = ofType(json, 'AWS::ApiGatewayV2::Authorizer')[0];
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [{ Ref: expect.stringMatching(/^AuthUserPoolWebClient/) }] },
    });
    // The exact issuer Cognito puts in its tokens (and the form the local runner maps onto cognito-local).
    expect(flattenJoin(authorizer.Properties?.JwtConfiguration.Issuer)).toMatch(
      /^https:\/\/cognito-idp\.<AWS::Region>\.<AWS::URLSuffix>\/<AuthUserPool[0-9A-F]+>$/,
    );

    for (const row of Object.values(testRoutes)) {
      const [, route] = ofType(json, 'AWS::ApiGatewayV2::Route').find(
        ([, r]) => r.Properties?.RouteKey === `${row.method} ${row.path}`,
      )!;
      if (row.auth === 'admin') {
        expect(route.Properties).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(route.Properties?.AuthorizationType).toBe('NONE');
        expect(route.Properties?.AuthorizerId).toBeUndefined();
      }
    }
    expect(ofType(json, 'AWS::ApiGatewayV2::Route')).toHaveLength(Object.keys(testRoutes).length);
  });

  test('the $default stage has access logging and throttling', () => {
    dev().template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] },
      },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
    const [, stage] = ofType(dev().json, 'AWS::ApiGatewayV2::Stage')[0];
    expect(JSON.parse(stage.Properties?.AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
    });
  });
});

describe('functions', () => {
  const ours = (json: Json) =>
    ofType(json, 'AWS::Lambda::Function').filter(
      ([, r]) => r.Properties?.Environment?.Variables?.[ENV.stage],
    );

  test('every route, worker, schedule and subscriber function is Node.js 22 on arm64 with its own log group', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const fns = ours(templates[stage].json);
      expect(fns).toHaveLength(
        Object.keys(testRoutes).length +
          Object.keys(testWorkers).length +
          Object.keys(schedules).length +
          Object.keys(subscribers).length +
          Object.keys(streamConsumers).length,
      );
      for (const [, fn] of fns) {
        expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
        expect(fn.Properties?.LoggingConfig?.LogGroup).toBeDefined();
      }
    }
  });

  test('environment follows the capabilities; everyone gets STAGE, TABLE_NAME and SITE_URL', () => {
    const { json } = dev();
    const vars = (routeKey: string) => functionOfRoute(json, routeKey)[1].Properties?.Environment.Variables;
    expect(Object.keys(vars('GET /api/products')).sort()).toEqual(
      [ENV.functionKey, ENV.originVerify, ENV.siteUrl, ENV.stage, ENV.tableName].sort(),
    );
    expect(vars('GET /api/products')[ENV.stage]).toBe('dev');
    expect(vars('POST /api/admin/probe/{id}')).toEqual(
      expect.objectContaining({
        [ENV.imagesBucket]: expect.anything(),
        [ENV.secretId]: expect.anything(),
        [ENV.emailQueueUrl]: expect.anything(),
        [ENV.labelQueueUrl]: expect.anything(),
      }),
    );
    expect(vars('POST /api/admin/probe/{id}')[ENV.smsQueueUrl]).toBeUndefined();
  });

  test('CloudFront sends the origin secret to the API, and every route checks the same value', () => {
    const { json } = dev();
    const secrets = Object.entries(json.Resources).filter(
      ([, r]) => (r as { Type: string }).Type === 'AWS::SecretsManager::Secret',
    );
    const origin = secrets.find(
      ([, r]) =>
        (r as { Properties: { GenerateSecretString?: { GenerateStringKey?: string } } }).Properties
          .GenerateSecretString?.GenerateStringKey === ORIGIN_SECRET_KEY,
    );
    expect(origin).toBeDefined();
    const reference = {
      'Fn::Join': [
        '',
        ['{{resolve:secretsmanager:', { Ref: origin?.[0] }, `:SecretString:${ORIGIN_SECRET_KEY}::}}`],
      ],
    };
    const distribution = Object.values(json.Resources).find(
      (r) => (r as { Type: string }).Type === 'AWS::CloudFront::Distribution',
    ) as unknown as { Properties: { DistributionConfig: { Origins: Array<Record<string, unknown>> } } };
    const apiOrigins = distribution.Properties.DistributionConfig.Origins.filter((o) => o.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(1);
    expect(apiOrigins[0].OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: reference },
    ]);
    for (const routeKey of Object.values(testRoutes).map((r) => `${r.method} ${r.path}`)) {
      expect(functionOfRoute(json, routeKey)[1].Properties?.Environment.Variables[ENV.originVerify]).toEqual(
        reference,
      );
    }
  });

  test('grants are least privilege: a read-only route cannot write, read secrets or send', () => {
    const { json } = dev();
    const policyOf = (fnId: string) => {
      const roleId = refOf(json.Resources[fnId].Properties?.Role)!;
      return JSON.stringify(
        ofType(json, 'AWS::IAM::Policy')
          .filter(([, p]) => p.Properties?.Roles.some((r: Cfn) => r.Ref === roleId))
          .map(([, p]) => p.Properties?.PolicyDocument),
      );
    };
    const reader = policyOf(functionOfRoute(json, 'GET /api/products')[0]);
    expect(reader).toContain('dynamodb:Query');
    for (const forbidden of ['dynamodb:PutItem', 'secretsmanager:', 'sqs:', 's3:', 'ses:']) {
      expect(reader).not.toContain(forbidden);
    }
    const admin = policyOf(functionOfRoute(json, 'POST /api/admin/probe/{id}')[0]);
    for (const allowed of [
      'dynamodb:PutItem',
      'secretsmanager:GetSecretValue',
      'sqs:SendMessage',
      's3:PutObject',
    ]) {
      expect(admin).toContain(allowed);
    }
    expect(admin).not.toContain('s3:List');
    // Only the settings save may write the provider secret; reading settings (public or admin) may not.
    const saveSettings = policyOf(functionOfRoute(json, 'PATCH /api/admin/settings')[0]);
    expect(saveSettings).toContain('secretsmanager:PutSecretValue');
    expect(saveSettings).toContain('secretsmanager:GetSecretValue');
    const readSettings = policyOf(functionOfRoute(json, 'GET /api/admin/settings')[0]);
    expect(readSettings).toContain('secretsmanager:GetSecretValue');
    expect(readSettings).not.toContain('secretsmanager:PutSecretValue');
    expect(readSettings).not.toContain('dynamodb:UpdateItem');
    expect(admin).not.toContain('secretsmanager:PutSecretValue');
    expect(policyOf(functionOfRoute(json, 'GET /api/settings')[0])).not.toContain('secretsmanager:');
    // The catalogue reader queries only the catalogue, on its index only.
    expect(JSON.parse(reader)).toEqual([
      expect.objectContaining({
        Statement: expect.arrayContaining([
          {
            Effect: 'Allow',
            Action: 'dynamodb:Query',
            Resource: { 'Fn::Join': ['', [expect.anything(), `/index/${TABLE_INDEXES.collection.name}`]] },
            Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CATALOGUE'] } },
          },
        ]),
      }),
    ]);
    // Our roles never take AWSLambdaBasicExecutionRole, which may write to every log group.
    for (const [, fn] of ours(json)) {
      expect(json.Resources[refOf(fn.Properties?.Role)!].Properties?.ManagedPolicyArns).toBeUndefined();
    }
  });

  test('the email worker gets its sender and may send through SES', () => {
    const { json } = dev();
    const esm = ofType(json, 'AWS::Lambda::EventSourceMapping').find(([, e]) =>
      JSON.stringify(e.Properties?.EventSourceArn).includes('EmailJobs'),
    )!;
    const worker = json.Resources[refOf(esm[1].Properties?.FunctionName)!];
    expect(worker.Properties?.Environment.Variables[ENV.emailFrom]).toBe(EMAIL_FROM_PLACEHOLDER);
    expect(JSON.stringify(json.Resources)).toContain('ses:SendEmail');
  });
});

describe('least privilege inside the table', () => {
  const STREAM_ACTIONS = new Set([
    'dynamodb:DescribeStream',
    'dynamodb:GetRecords',
    'dynamodb:GetShardIterator',
    'dynamodb:ListStreams',
  ]);
  const list = (v: Cfn): Cfn[] => (Array.isArray(v) ? v : [v]);
  /** Each of our functions' key (its role's description, `<key> (<stage>)`) with its policy statements. */
  const statementsByFunction = (json: Json) =>
    new Map(
      ofType(json, 'AWS::IAM::Role')
        .filter(([, r]) => / \(dev\)$/.test(r.Properties?.Description ?? ''))
        .map(([roleId, r]) => [
          String(r.Properties?.Description).replace(/ \(dev\)$/, ''),
          ofType(json, 'AWS::IAM::Policy')
            .filter(([, p]) => p.Properties?.Roles.some((x: Cfn) => x.Ref === roleId))
            .flatMap(([, p]) => p.Properties?.PolicyDocument.Statement as Cfn[]),
        ]),
    );

  test('every DynamoDB statement names its partitions in a LeadingKeys condition (stream reads apart)', () => {
    const byFunction = statementsByFunction(dev().json);
    expect(byFunction.size).toBeGreaterThan(50);
    let keyed = 0;
    for (const [key, statements] of byFunction) {
      for (const statement of statements) {
        const actions = list(statement.Action).filter((a: string) => a.startsWith('dynamodb:'));
        if (actions.length === 0) continue;
        if (actions.every((a: string) => STREAM_ACTIONS.has(a))) continue;
        keyed++;
        expect([key, actions.filter((a: string) => STREAM_ACTIONS.has(a) || a.includes('*'))]).toEqual([
          key,
          [],
        ]);
        const keys = statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
        expect([key, list(keys ?? []).length > 0]).toEqual([key, true]);
        expect(Object.keys(statement.Condition)).toEqual(['ForAllValues:StringLike']);
        // Never a wildcard that would reach every item.
        expect([
          key,
          list(keys).filter((k: string) => k === '*' || !/^[A-Z_]+(#\*?|#[A-Z]+)?$/.test(k)),
        ]).toEqual([key, []]);
      }
    }
    expect(keyed).toBeGreaterThan(50);
  });

  test('no Scan anywhere; DeleteItem and BatchWriteItem only where a row declares them', () => {
    const rows = {
      ...testRoutes,
      ...testWorkers,
      ...schedules,
      ...subscribers,
      ...streamConsumers,
    } as Record<string, { capabilities: readonly unknown[] }>;
    const declaring = (action: string) =>
      Object.entries(rows)
        .filter(([, r]) =>
          r.capabilities.some(
            (c) =>
              typeof c === 'object' &&
              c !== null &&
              'table' in c &&
              (c as { table: string[] }).table.includes(action),
          ),
        )
        .map(([key]) => key)
        .sort();
    const granting = (action: string) =>
      [...statementsByFunction(dev().json)]
        .filter(([, statements]) => statements.some((s) => list(s.Action).includes(`dynamodb:${action}`)))
        .map(([key]) => key)
        .sort();
    expect(granting('Scan')).toEqual([]);
    for (const action of ['DeleteItem', 'BatchWriteItem'])
      expect(granting(action)).toEqual(declaring(action));
    // Public routes delete nothing and batch-write nothing.
    const publicKeys = Object.entries(testRoutes)
      .filter(([, r]) => r.auth === 'public')
      .map(([key]) => key);
    for (const action of ['DeleteItem', 'BatchWriteItem', 'Scan'])
      expect(granting(action).filter((key) => publicKeys.includes(key))).toEqual([]);
  });

  test('a webhook reads only the signing secret; only the SMS settings save writes it', () => {
    const { json } = dev();
    const secretId = (description: string) =>
      ofType(json, 'AWS::SecretsManager::Secret').find(([, r]) =>
        String(r.Properties?.Description).startsWith(description),
      )?.[0];
    const signing = secretId('Webhook signing secrets');
    const provider = secretId('Provider API keys');
    expect(signing).toBeDefined();
    expect(provider).toBeDefined();
    const secretsOf = (key: string, action: string) =>
      (statementsByFunction(json).get(key) ?? [])
        .filter((s) => list(s.Action).includes(action))
        .flatMap((s) => list(s.Resource).map((r: Cfn) => r.Ref))
        .sort();
    for (const webhook of ['easypostWebhook', 'twilioStatusWebhook', 'twilioInboundWebhook']) {
      expect([webhook, secretsOf(webhook, 'secretsmanager:GetSecretValue')]).toEqual([webhook, [signing]]);
      expect([webhook, secretsOf(webhook, 'secretsmanager:PutSecretValue')]).toEqual([webhook, []]);
    }
    expect(secretsOf('adminUpdateSmsSettings', 'secretsmanager:PutSecretValue')).toEqual([signing]);
    expect(secretsOf('adminUpdateSettings', 'secretsmanager:PutSecretValue')).toEqual([provider]);
    expect(secretsOf('labelWorker', 'secretsmanager:GetSecretValue')).toEqual([provider]);
    const writers = [...statementsByFunction(json)]
      .filter(([key]) => secretsOf(key, 'secretsmanager:PutSecretValue').includes(signing))
      .map(([key]) => key);
    expect(writers).toEqual(['adminUpdateSmsSettings']);
  });

  test('the signing secret holds the signing keys as placeholders', () => {
    const [, secret] = ofType(dev().json, 'AWS::SecretsManager::Secret').find(([, r]) =>
      String(r.Properties?.Description).startsWith('Webhook signing secrets'),
    )!;
    expect(Object.keys(JSON.parse(secret.Properties?.SecretString)).sort()).toEqual(
      ['easypostWebhookSecret', 'twilioAuthToken'].sort(),
    );
  });
});

describe('e-mail events', () => {
  test('bounces and complaints go from the configuration set to the topic to the sesEvents function', () => {
    const { json } = dev();
    const [[setId]] = ofType(json, 'AWS::SES::ConfigurationSet');
    const [[, destination]] = ofType(json, 'AWS::SES::ConfigurationSetEventDestination');
    expect(refOf(destination.Properties?.ConfigurationSetName)).toBe(setId);
    expect(destination.Properties?.EventDestination.MatchingEventTypes.sort()).toEqual([
      'bounce',
      'complaint',
    ]);
    const topicId = refOf(destination.Properties?.EventDestination.SnsDestination.TopicARN)!;
    const [[, subscription]] = ofType(json, 'AWS::SNS::Subscription');
    expect(subscription.Properties).toMatchObject({ Protocol: 'lambda', TopicArn: { Ref: topicId } });
    expect(subscription.Properties?.Endpoint['Fn::GetAtt'][0]).toMatch(/^EmailEventssesEventsFunction/);
    // Every sender names the configuration set, and may use it.
    const esm = ofType(json, 'AWS::Lambda::EventSourceMapping').find(([, m]) =>
      JSON.stringify(m.Properties?.EventSourceArn).includes('EmailJobs'),
    )!;
    const worker = json.Resources[refOf(esm[1].Properties?.FunctionName)!];
    expect(worker.Properties?.Environment.Variables[ENV.sesConfigurationSet]).toEqual({ Ref: setId });
    expect(JSON.stringify(json.Resources)).toContain(':configuration-set/');
  });

  test("the stack and each of its nested stacks stay under CloudFormation's 500 resources", () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { outdir } = templates[stage];
      const files = readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
      expect(files.filter((f) => f.endsWith('.nested.template.json'))).toHaveLength(2);
      for (const file of files) {
        const count = Object.keys(JSON.parse(readFileSync(path.join(outdir, file), 'utf8')).Resources).length;
        expect([file, count < 500]).toEqual([file, true]);
      }
    }
  });
});

describe('jobs', () => {
  const queues = (json: Json) =>
    ofType(json, 'AWS::SQS::Queue').filter(([, q]) => q.Properties?.RedrivePolicy);

  test('each of the three queues has a DLQ (5 receives, 14 days) and an alarm on its first message', () => {
    const { json, template } = dev();
    expect(queues(json)).toHaveLength(3);
    for (const [, queue] of queues(json)) {
      expect(queue.Properties?.RedrivePolicy.maxReceiveCount).toBe(5);
      expect(queue.Properties?.SqsManagedSseEnabled).toBe(true);
      const dlqId = refOf(queue.Properties?.RedrivePolicy.deadLetterTargetArn)!;
      expect(json.Resources[dlqId].Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600 });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      });
    }
    // SSL enforced on every queue, DLQs included (and the outbox relay's on-failure queue).
    const policies = ofType(json, 'AWS::SQS::QueuePolicy');
    expect(policies).toHaveLength(7);
    for (const [, policy] of policies)
      expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
  });

  test('each schedule row is an EventBridge rule on its own function, retried twice', () => {
    const { json } = dev();
    const rules = ofType(json, 'AWS::Events::Rule');
    expect(rules).toHaveLength(Object.keys(schedules).length);
    for (const [key, def] of Object.entries(schedules)) {
      const [, rule] = rules.find(([id]) => id.startsWith(`Schedules${key}Rule`))!;
      expect(rule.Properties?.ScheduleExpression).toBe(def.schedule);
      expect(rule.Properties?.Targets[0].Arn['Fn::GetAtt'][0]).toMatch(
        new RegExp(`^Schedules${key}Function`),
      );
      expect(rule.Properties?.Targets[0].RetryPolicy).toEqual({ MaximumRetryAttempts: 2 });
    }
  });

  test('workers know their own queue and retry base, for backoff', () => {
    const { json } = dev();
    const fns = ofType(json, 'AWS::Lambda::Function');
    const [, label] = fns.find(([id]) => id.startsWith('JobslabelWorkerFunction'))!;
    const vars = label.Properties?.Environment.Variables;
    expect(vars[ENV.jobQueueUrl]).toEqual({ Ref: expect.stringMatching(/^JobsLabelJobsQueue/) });
    expect(vars[ENV.jobRetryBaseSeconds]).toBe(String(workers.labelWorker.retryBaseSeconds));
  });

  test('visibility timeout is 6x the worker timeout', () => {
    const { json } = dev();
    const visibility = (id: string) =>
      queues(json).find(([logicalId]) => logicalId.includes(id))![1].Properties?.VisibilityTimeout;
    expect(visibility('EmailJobs')).toBe(6 * workers.emailWorker.timeoutSeconds);
    expect(visibility('LabelJobs')).toBe(6 * workers.labelWorker.timeoutSeconds);
    expect(visibility('SmsJobs')).toBe(6 * 45);
  });

  test('every worker is subscribed with partial batch responses and its batch size', () => {
    const { json } = dev();
    const mappings = ofType(json, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => refOf(m.Properties?.EventSourceArn) !== undefined && !m.Properties?.StartingPosition,
    );
    expect(mappings).toHaveLength(Object.keys(testWorkers).length);
    for (const [key, worker] of Object.entries(testWorkers)) {
      const queueId = pascalQueue(worker.queue);
      const [, mapping] = mappings.find(([id]) => id.startsWith(`Jobs${key}`))!;
      expect(mapping.Properties).toMatchObject({
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: worker.batchSize,
        MaximumBatchingWindowInSeconds: expect.any(Number),
      });
      expect(refOf(mapping.Properties?.EventSourceArn)).toMatch(new RegExp(`^Jobs${queueId}Queue`));
      expect(json.Resources[refOf(mapping.Properties?.FunctionName)!].Properties?.Timeout).toBe(
        worker.timeoutSeconds,
      );
    }
  });
});

describe('outbox', () => {
  test("the table's stream (new images) feeds the outbox relay: outbox inserts only, bisect, retries, a DLQ", () => {
    const { json, template } = dev();
    const [tableId, table] = ofType(json, 'AWS::DynamoDB::Table')[0];
    expect(table.Properties?.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    const streamMappings = ofType(json, 'AWS::Lambda::EventSourceMapping').filter(
      ([, m]) => m.Properties?.EventSourceArn?.['Fn::GetAtt']?.[1] === 'StreamArn',
    );
    expect(streamMappings).toHaveLength(Object.keys(streamConsumers).length);
    const [, mapping] = streamMappings[0];
    const def = streamConsumers.outboxRelay;
    expect(mapping.Properties?.EventSourceArn).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    expect(mapping.Properties).toMatchObject({
      BatchSize: def.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: def.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
    });
    const patterns = mapping.Properties?.FilterCriteria.Filters.map((f: { Pattern: string }) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['outbox'] } } } },
    ]);
    const dlqId = mapping.Properties?.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
    expect(json.Resources[dlqId].Type).toBe('AWS::SQS::Queue');
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
    });
    const fn = json.Resources[refOf(mapping.Properties?.FunctionName)!];
    expect(Object.keys(fn.Properties?.Environment.Variables)).toContain(ENV.emailQueueUrl);
  });
});

describe('data', () => {
  test('one table: pk/sk, the GSIs, on-demand, PITR, TTL, AWS-managed encryption', () => {
    const { json } = dev();
    const tables = ofType(json, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const props = tables[0][1].Properties!;
    expect(props).toMatchObject({
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      SSESpecification: { SSEEnabled: true },
    });
    expect(props.GlobalSecondaryIndexes).toHaveLength(Object.keys(TABLE_INDEXES).length);
    for (const index of Object.values(TABLE_INDEXES)) {
      expect(props.GlobalSecondaryIndexes).toContainEqual({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.pk, KeyType: 'HASH' },
          { AttributeName: index.sk, KeyType: 'RANGE' },
        ],
        Projection:
          index === TABLE_INDEXES.orderList
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...ORDER_LIST_ATTRIBUTES] }
            : { ProjectionType: 'ALL' },
      });
      expect(props.AttributeDefinitions).toContainEqual({ AttributeName: index.pk, AttributeType: 'S' });
      expect(props.AttributeDefinitions).toContainEqual({ AttributeName: index.sk, AttributeType: 'S' });
    }
  });

  test('prod keeps the table (retained, deletion protection) and the buckets; dev does not', () => {
    const [, prodTable] = ofType(templates.prod.json, 'AWS::DynamoDB::Table')[0];
    expect(prodTable).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(prodTable.Properties?.DeletionProtectionEnabled).toBe(true);
    for (const [, bucket] of ofType(templates.prod.json, 'AWS::S3::Bucket'))
      expect(bucket.DeletionPolicy).toBe('Retain');
    expect(ofType(templates.prod.json, 'Custom::S3AutoDeleteObjects')).toHaveLength(0);

    const [, devTable] = ofType(dev().json, 'AWS::DynamoDB::Table')[0];
    expect(devTable.DeletionPolicy).toBe('Delete');
    expect(devTable.Properties?.DeletionProtectionEnabled).toBe(false);
  });
});

describe('payout key', () => {
  const keysOf = (json: Json) => ofType(json, 'AWS::KMS::Key');
  const roleOfRoute = (json: Json, routeKey: string) =>
    refOf(functionOfRoute(json, routeKey)[1].Properties?.Role)!;

  test('one customer-managed key with rotation; prod retains it, dev does not', () => {
    const [[, devKey]] = keysOf(dev().json);
    expect(keysOf(dev().json)).toHaveLength(1);
    expect(devKey.Properties?.EnableKeyRotation).toBe(true);
    expect(devKey.DeletionPolicy).toBe('Delete');
    const [[, prodKey]] = keysOf(templates.prod.json);
    expect(prodKey.Properties?.EnableKeyRotation).toBe(true);
    expect(prodKey).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });

  test('only checkout may generate data keys and only the reveal route may decrypt, with that key only', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      const [[keyId]] = keysOf(json);
      const checkout = roleOfRoute(json, 'POST /api/orders');
      const reveal = roleOfRoute(json, 'POST /api/admin/orders/{orderId}/payout-details/reveal');
      const kmsActions = new Map<string, Set<string>>();
      for (const [, policy] of ofType(json, 'AWS::IAM::Policy')) {
        for (const statement of policy.Properties?.PolicyDocument.Statement ?? []) {
          const actions: string[] = [statement.Action].flat();
          const kms = actions.filter((a) => a.startsWith('kms:'));
          if (kms.length === 0) continue;
          // Nothing but the payout key, named by its ARN.
          expect([statement.Resource].flat()).toEqual([{ 'Fn::GetAtt': [keyId, 'Arn'] }]);
          for (const role of policy.Properties?.Roles ?? []) {
            const seen = kmsActions.get(role.Ref) ?? new Set<string>();
            for (const action of kms) seen.add(action);
            kmsActions.set(role.Ref, seen);
          }
        }
      }
      expect([...kmsActions.keys()].sort()).toEqual([checkout, reveal].sort());
      expect([...kmsActions.get(checkout)!]).toEqual(['kms:GenerateDataKey']);
      expect([...kmsActions.get(reveal)!]).toEqual(['kms:Decrypt']);
      // The two functions, and only they, are told the key.
      const withKey = ofType(json, 'AWS::Lambda::Function').filter(
        ([, fn]) => fn.Properties?.Environment?.Variables?.[ENV.payoutKeyArn],
      );
      expect(withKey.map(([, fn]) => refOf(fn.Properties?.Role)).sort()).toEqual([checkout, reveal].sort());
    }
  });

  test("the order list's index never projects the payout details", () => {
    expect(ORDER_LIST_ATTRIBUTES as readonly string[]).not.toContain('payment_details');
    expect(ORDER_LIST_ATTRIBUTES as readonly string[]).not.toContain('payment_details_masked');
  });
});

describe('storage', () => {
  test('every bucket blocks all public access, is encrypted and refuses plain HTTP', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      const buckets = ofType(json, 'AWS::S3::Bucket');
      expect(buckets).toHaveLength(3);
      for (const [id, bucket] of buckets) {
        expect(bucket.Properties).toMatchObject({
          PublicAccessBlockConfiguration: {
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          },
          BucketEncryption: {
            ServerSideEncryptionConfiguration: [
              { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
            ],
          },
        });
        const [, policy] = ofType(json, 'AWS::S3::BucketPolicy').find(
          ([, p]) => refOf(p.Properties?.Bucket) === id,
        )!;
        expect(policy.Properties?.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }
    }
  });

  test('the images bucket accepts presigned uploads from the site origin', () => {
    const [, images] = ofType(dev().json, 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('StorageImagesBucket'),
    )!;
    const [rule] = images.Properties!.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'POST']));
    expect(rule.AllowedOrigins).toContain('https://*.cloudfront.net');
  });
});

describe('site', () => {
  const distribution = (json: Json) =>
    ofType(json, 'AWS::CloudFront::Distribution')[0][1].Properties?.DistributionConfig;

  test('three behaviours: SPA default with rewrite, /api/* uncached to the HTTP API, /images/* via OAC', () => {
    const { json } = dev();
    const config = distribution(json);
    const origin = (id: string) => config.Origins.find((o: Cfn) => o.Id === id);

    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SiteSpaRewrite/), 'FunctionARN'] },
      },
    ]);
    const siteOrigin = origin(config.DefaultCacheBehavior.TargetOriginId);
    expect(refOf(siteOrigin.DomainName)).toMatch(/^StorageSiteBucket/);
    expect(siteOrigin.OriginAccessControlId).toBeDefined();

    const api = config.CacheBehaviors.find((b: Cfn) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
    });
    expect(JSON.stringify(origin(api.TargetOriginId).DomainName)).toContain('ApiEndpoint');

    const images = config.CacheBehaviors.find((b: Cfn) => b.PathPattern === '/images/*');
    const imagesOrigin = origin(images.TargetOriginId);
    expect(refOf(imagesOrigin.DomainName)).toMatch(/^StorageImagesBucket/);
    expect(imagesOrigin.OriginAccessControlId).toBeDefined();
    expect(config.CacheBehaviors).toHaveLength(2);
  });

  test('the rewrite sends client routes to index.html and leaves files alone', () => {
    const [, fn] = ofType(dev().json, 'AWS::CloudFront::Function')[0];
    const handler = new Function(`${fn.Properties?.FunctionCode}; return handler;`)() as (e: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/sell/cart')).toBe('/index.html');
    expect(rewrite('/admin/orders/SB-1234')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  test('every behaviour sends the security headers', () => {
    const { json } = dev();
    const [policyId, policy] = ofType(json, 'AWS::CloudFront::ResponseHeadersPolicy')[0];
    const headers = policy.Properties?.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Preload: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    const csp = flattenJoin(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: https:",
      "script-src 'self' https://www.googletagmanager.com",
      "connect-src 'self' https://*.google-analytics.com https://*.amazoncognito.com https://cognito-idp.<AWS::Region>.amazonaws.com https://<StorageImagesBucket",
      "style-src 'self' 'unsafe-inline'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    // The sign-in form asks the breach-range service about a password's hash prefix, from the browser.
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.pwnedpasswords\.com(;|$| )/);
    const config = distribution(json);
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  test('without a web build there is nothing to deploy (nag.test covers a stack with one)', () => {
    expect(ofType(dev().json, 'Custom::CDKBucketDeployment')).toHaveLength(0);
  });
});

describe('stack', () => {
  test('outputs what the web and operators need', () => {
    for (const name of ['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'ImagesBucket']) {
      expect(dev().json.Outputs[name]).toBeDefined();
    }
  });

  test('the user pool: admin-created staff, e-mail sign-in, strong passwords, an admin group, a public client', () => {
    const { template } = dev();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      MfaConfiguration: 'OPTIONAL',
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
    });
  });

  test('prod staff sign-in: TOTP required, 12-character passwords, 8-hour sessions, threat protection (audit)', () => {
    const { template, json } = templates.prod;
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'ON',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12, RequireSymbols: true }) },
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      RefreshTokenValidity: 8 * 60,
      TokenValidityUnits: Match.objectLike({ RefreshToken: 'minutes' }),
    });
    // The access and ID tokens (1 hour by default) must not outlive the session.
    const [, client] = ofType(json, 'AWS::Cognito::UserPoolClient')[0];
    expect(client.Properties?.AccessTokenValidity ?? 60).toBeLessThanOrEqual(8 * 60);
  });

  test('dev staff sign-in: MFA optional (cognito-local has none), no threat protection, default sessions', () => {
    const { template, json } = dev();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'ESSENTIALS',
      UserPoolAddOns: Match.absent(),
    });
    const [, client] = ofType(json, 'AWS::Cognito::UserPoolClient')[0];
    expect(client.Properties?.RefreshTokenValidity).toBeUndefined();
  });

  test('the provider secret holds the placeholder keys', () => {
    const [, secret] = ofType(dev().json, 'AWS::SecretsManager::Secret')[0];
    expect(Object.keys(JSON.parse(secret.Properties?.SecretString)).sort()).toEqual(
      [
        'easypostTestKey',
        'easypostProdKey',
        'twilioAccountSid',
        'twilioAuthToken',
        'emailApiKey',
        'easypostWebhookSecret',
      ].sort(),
    );
  });

  test('no resource depends on itself through others (CloudFormation would refuse the template)', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      const edges = new Map(
        Object.entries(json.Resources).map(([id, r]) => [
          id,
          [...referencedIds(r)].filter((ref) => ref in json.Resources && ref !== id),
        ]),
      );
      const state = new Map<string, 'visiting' | 'done'>();
      const visit = (id: string, trail: string[]): void => {
        if (state.get(id) === 'done') return;
        if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...trail, id].join(' -> ')}`);
        state.set(id, 'visiting');
        for (const next of edges.get(id) ?? []) visit(next, [...trail, id]);
        state.set(id, 'done');
      };
      for (const id of edges.keys()) visit(id, []);
    }
  });

  test('the local runner reads every intrinsic function both templates use (infra/local/template/intrinsics.ts)', () => {
    for (const stage of ['dev', 'prod'] as const) {
      expect(() => assertSupported(templates[stage].json as CfnTemplate)).not.toThrow();
    }
  });

  test('environment-agnostic: no account or region baked in', () => {
    const text = JSON.stringify(dev().json);
    expect(text).not.toMatch(/\b\d{12}\b/);
    expect(text).not.toMatch(/(us|eu|ap|sa|ca|me|af)-(north|south|east|west|central|northeast|southeast)-\d/);
  });

  test('createApp can be called again in the same process', () => {
    const again = createApp({
      stage: 'dev',
      functionsOutdir,
      skipBuild: true,
      routes: testRoutes,
      workers: testWorkers,
    });
    expect(again.stack.stackName).toBe('Buyback-dev');
    expect(() => createApp({ stage: 'qa', skipBuild: true })).toThrow(/Unknown stage "qa"/);
  });
});

describe('production readiness', () => {
  const prod = () => templates.prod;
  const routeFunctions = (json: Json) =>
    Object.entries(testRoutes).map(([key, row]) => ({
      key,
      row,
      fn: functionOfRoute(json, `${row.method} ${row.path}`)[1],
    }));

  test('prod refuses to build without an alarm address or with a placeholder sender, naming the flag', () => {
    const build = (config: object) => () =>
      createApp({
        stage: 'prod',
        outdir: path.join(tmp, 'refused'),
        functionsOutdir,
        webDir: path.join(tmp, 'no-web-build'),
        routes: testRoutes,
        workers: testWorkers,
        skipBuild: true,
        config,
      });
    expect(build({ emailFrom: PROD_FLAGS.emailFrom })).toThrow('add -c alarmEmail=ops@your-domain');
    expect(build({ alarmEmail: 'ops@example.com', emailFrom: PROD_FLAGS.emailFrom })).toThrow(
      '-c alarmEmail=',
    );
    expect(build({ alarmEmail: PROD_FLAGS.alarmEmail })).toThrow(
      `prod needs a real sender verified in SES, not ${EMAIL_FROM_PLACEHOLDER}: add -c emailFrom=orders@your-domain`,
    );
    expect(build({ ...PROD_FLAGS, region: 'eu-west-1' })).toThrow(
      'a WAF web ACL for CloudFront needs region us-east-1',
    );
  });

  test('a WAF web ACL guards the distribution in prod only: managed rules and a per-IP rate on public writes', () => {
    expect(ofType(dev().json, 'AWS::WAFv2::WebACL')).toHaveLength(0);
    const [[aclId, acl]] = ofType(prod().json, 'AWS::WAFv2::WebACL');
    expect(acl.Properties?.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties?.Rules as Cfn[];
    expect(rules.map((r) => r.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'PublicWritesPerIp',
    ]);
    const rate = rules[3].Statement.RateBasedStatement;
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', Limit: 100, EvaluationWindowSec: 300 });
    expect(JSON.stringify(rate.ScopeDownStatement)).toContain('/api/webhooks/');
    const [, distribution] = ofType(prod().json, 'AWS::CloudFront::Distribution')[0];
    expect(distribution.Properties?.DistributionConfig.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  test('every route has its own throttle on the stage; public writes the tightest', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      const [, apiStage] = ofType(json, 'AWS::ApiGatewayV2::Stage')[0];
      const settings = apiStage.Properties?.RouteSettings as Record<string, Cfn>;
      expect(Object.keys(settings).sort()).toEqual(
        Object.values(testRoutes)
          .map((r) => `${r.method} ${r.path}`)
          .sort(),
      );
      const checkout = settings[`${routes.createOrder.method} ${routes.createOrder.path}`];
      const catalogue = settings[`${routes.listProducts.method} ${routes.listProducts.path}`];
      const webhook = settings[`${routes.easypostWebhook.method} ${routes.easypostWebhook.path}`];
      expect(checkout.ThrottlingRateLimit).toBeLessThan(catalogue.ThrottlingRateLimit);
      expect(webhook).toEqual(catalogue);
      expect(catalogue.ThrottlingRateLimit).toBeLessThan(
        apiStage.Properties?.DefaultRouteSettings.ThrottlingRateLimit,
      );
    }
  });

  test("label and SMS workers run at the providers' pace; webhooks keep reserved concurrency in prod", () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      for (const [name, cap] of [
        ['LabelJobs', workers.labelWorker.maxConcurrency],
        ['SmsJobs', workers.smsWorker.maxConcurrency],
      ] as const) {
        const mappings = ofType(json, 'AWS::Lambda::EventSourceMapping').filter(([, e]) =>
          JSON.stringify(e.Properties?.EventSourceArn).includes(name),
        );
        expect(mappings.length).toBeGreaterThan(0);
        for (const [, mapping] of mappings) {
          if (JSON.stringify(mapping.Properties?.FunctionName).includes('smsProbe')) continue;
          expect(mapping.Properties?.ScalingConfig).toEqual({ MaximumConcurrency: cap });
        }
      }
      for (const { row, fn } of routeFunctions(json)) {
        const reserved = fn.Properties?.ReservedConcurrentExecutions;
        expect(reserved).toBe(row.webhook && stage === 'prod' ? 5 : undefined);
      }
    }
  });

  test('functions log JSON lines naming their key; prod traces them', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { json } = templates[stage];
      for (const [, fn] of ofType(json, 'AWS::Lambda::Function')) {
        const key = fn.Properties?.Environment?.Variables?.[ENV.functionKey];
        if (!key) continue; // CDK's own (bucket deployment, auto-delete) functions
        expect(fn.Properties?.LoggingConfig).toMatchObject({ LogFormat: 'JSON' });
        expect(fn.Properties?.TracingConfig).toEqual(stage === 'prod' ? { Mode: 'Active' } : undefined);
      }
      for (const { key, fn } of routeFunctions(json)) {
        expect(fn.Properties?.Environment.Variables[ENV.functionKey]).toBe(key);
      }
    }
  });

  test("the operator's alarms exist, and in prod every alarm notifies the alarm topic", () => {
    const alarmIds = ofType(prod().json, 'AWS::CloudWatch::Alarm').map(([id]) => id);
    for (const name of [
      'LambdaThrottles',
      'ApiServerErrors',
      'QueueAgeLabelJobs',
      'QueueAgeEmailJobs',
      'QueueAgeSmsJobs',
      'TableThrottles',
      'SesBounceRate',
      'SesComplaintRate',
      'LabelPermanentFailures',
      'OutboxPermanentFailures',
      'ScheduleFailures',
    ]) {
      expect(alarmIds.filter((id) => id.startsWith(`Monitoring${name}`))).toHaveLength(1);
    }
    const [[topicId]] = ofType(prod().json, 'AWS::SNS::Topic').filter(([id]) => id.includes('AlarmTopic'));
    for (const [id, alarm] of ofType(prod().json, 'AWS::CloudWatch::Alarm')) {
      expect([id, alarm.Properties?.AlarmActions]).toEqual([id, [{ Ref: topicId }]]);
    }
    const [, labels] = ofType(prod().json, 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.startsWith('MonitoringLabelPermanentFailures'),
    )!;
    expect(labels.Properties).toMatchObject({
      Namespace: 'Buyback',
      MetricName: 'LabelPermanentFailures',
      Dimensions: [{ Name: 'Stage', Value: 'prod' }],
    });
    const [, outbox] = ofType(prod().json, 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.startsWith('MonitoringOutboxPermanentFailures'),
    )!;
    expect(outbox.Properties).toMatchObject({
      Namespace: 'Buyback',
      MetricName: 'OutboxPermanentFailures',
      Dimensions: [{ Name: 'Stage', Value: 'prod' }],
      Threshold: 1,
    });
  });
});

describe('buildFunctions', () => {
  test('writes one CommonJS bundle per route and worker, SDK included', () => {
    // The shared build is buildFunctions' output for the real tables; the test tables' folder is laid out from it.
    for (const key of Object.keys({
      ...routes,
      ...workers,
      ...schedules,
      ...subscribers,
      ...streamConsumers,
    })) {
      expect(existsSync(path.join(build.dir, key, 'index.js'))).toBe(true);
      expect(JSON.parse(readFileSync(path.join(build.dir, key, 'package.json'), 'utf8'))).toEqual({
        type: 'commonjs',
      });
    }
    for (const key of [...Object.keys(testRoutes), ...Object.keys(testWorkers)]) {
      const bundle = path.join(functionsOutdir, key, 'index.js');
      expect(existsSync(bundle)).toBe(true);
      expect(JSON.parse(readFileSync(path.join(functionsOutdir, key, 'package.json'), 'utf8'))).toEqual({
        type: 'commonjs',
      });
    }
    const [, worker] = Object.entries(metafile.outputs).find(([file]) =>
      file.endsWith('emailWorker/index.js'),
    )!;
    const bundled = Object.keys(worker.inputs);
    expect(bundled.some((input) => input.includes('node_modules/@aws-sdk/client-sesv2/'))).toBe(true);
    expect(worker.imports.filter((i) => i.external && i.path.startsWith('@aws-sdk/'))).toEqual([]);
  });

  test("a function that does not compile fails the build with esbuild's message (from the bundler's child process)", () => {
    const sourceDir = path.join(tmp, 'broken-source');
    mkdirSync(path.join(sourceDir, 'bad'), { recursive: true });
    writeFileSync(path.join(sourceDir, 'bad', 'handler.ts'), 'export const handler = (;\n');
    const broken = { bad: { ...testRoutes.getProduct, handler: 'bad/handler' } };
    expect(() =>
      buildFunctions(path.join(tmp, 'broken-build'), {
        routes: broken,
        workers: {},
        schedules: {},
        subscribers: {},
        streamConsumers: {},
        sourceDir,
      }),
    ).toThrow(/Bundling the functions failed:[\s\S]*bad\/handler\.ts/);
  });

  test('a row whose handler file is missing fails with its name', () => {
    const broken = { ...testRoutes, ghost: { ...testRoutes.getProduct, handler: 'nowhere/ghost' } };
    expect(() => buildFunctions(path.join(tmp, 'broken'), { routes: broken })).toThrow(
      /ghost: functions\/nowhere\/ghost\.ts/,
    );
  });
});

function pascalQueue(queue: string): string {
  return queue.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/** Renders an Fn::Join as text, intrinsic parts as `<Ref>` or `<LogicalId.Attr>`. */
function flattenJoin(value: Cfn): string {
  if (typeof value === 'string') return value;
  const [, parts] = value['Fn::Join'];
  return parts
    .map((p: Cfn) => (typeof p === 'string' ? p : p.Ref ? `<${p.Ref}>` : `<${p['Fn::GetAtt'].join('.')}>`))
    .join('');
}
