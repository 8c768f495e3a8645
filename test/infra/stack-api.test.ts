import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { EMAIL_FROM_PLACEHOLDER } from '../../infra/stage-config';
import * as ENV from '../../shared/env-vars';
import { schedules, streamConsumers, subscribers } from '../../shared/routes';
import { ORIGIN_SECRET_KEY, ORIGIN_VERIFY_HEADER, TABLE_INDEXES } from '../../shared/runtime-env';

import {
  type Cfn,
  dev,
  flattenJoin,
  functionOfRoute,
  type Json,
  ofType,
  refOf,
  synthesizeStages,
  templates,
  testRoutes,
  testWorkers,
} from './support/stack-setup';

synthesizeStages();

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
      [ENV.functionKey, ENV.originSecretId, ENV.siteUrl, ENV.stage, ENV.tableName].sort(),
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

  test('CloudFront sends the origin secret to the API; every route reads it at run time, none holds its value', () => {
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
      const vars = functionOfRoute(json, routeKey)[1].Properties?.Environment.Variables;
      expect(vars[ENV.originSecretId]).toEqual({ Ref: origin?.[0] });
      expect(JSON.stringify(vars)).not.toContain('resolve:secretsmanager');
    }
    // No function's configuration holds the value.
    for (const [, fn] of ofType(json, 'AWS::Lambda::Function')) {
      expect(JSON.stringify(fn.Properties?.Environment ?? {})).not.toContain('{{resolve:');
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
    for (const forbidden of ['dynamodb:PutItem', 'secretsmanager:PutSecretValue', 'sqs:', 's3:', 'ses:']) {
      expect(reader).not.toContain(forbidden);
    }
    // The only secret a read-only route reads is the origin secret.
    const secretsRead = (policy: string) =>
      (JSON.parse(policy) as Cfn[])
        .flatMap((doc) => doc.Statement)
        .filter((st: Cfn) => [st.Action].flat().includes('secretsmanager:GetSecretValue'))
        .map((st: Cfn) => refOf(st.Resource));
    const originSecretId = ofType(json, 'AWS::SecretsManager::Secret').find(
      ([, r]) => r.Properties?.GenerateSecretString?.GenerateStringKey === ORIGIN_SECRET_KEY,
    )?.[0];
    expect(secretsRead(reader)).toEqual([originSecretId]);
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
    expect(secretsRead(policyOf(functionOfRoute(json, 'GET /api/settings')[0]))).toEqual([originSecretId]);
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

  test('a webhook reads only the signing secret (and, as every route, the origin secret); only the SMS settings save writes it', () => {
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
    const origin = secretId('Origin header');
    expect(origin).toBeDefined();
    for (const webhook of ['easypostWebhook', 'twilioStatusWebhook', 'twilioInboundWebhook']) {
      expect([webhook, secretsOf(webhook, 'secretsmanager:GetSecretValue')]).toEqual([
        webhook,
        [origin, signing].sort(),
      ]);
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
