// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Fn::Sub strings are CloudFormation's, not template literals
import {
  assertSupported,
  type CfnTemplate,
  type LocalNaming,
  localizeUrls,
  Resolver,
  resolveSecretReference,
  TemplateError,
} from '../../infra/local/template/intrinsics';
import { physicalValues, queueAliases } from '../../infra/local/template/names';
import { readSiteConfig } from '../../infra/local/template/site-config';
import { localIssuer, readStack } from '../../infra/local/template/stack-model';

const naming: LocalNaming = {
  region: 'us-east-1',
  accountId: '000000000000',
  namePrefix: 'buyback-dev',
  siteOrigin: 'http://localhost:3000',
  sqsOrigin: 'http://127.0.0.1:9324',
  cognitoOrigin: 'http://localhost:9229',
};

/** A trimmed copy of what the CDK app synthesizes: one route with a JWT authorizer, one worker. */
const template: CfnTemplate = {
  Parameters: { BootstrapVersion: { Type: 'String', Default: '/cdk-bootstrap/hnb659fds/version' } },
  Resources: {
    DataTableFDBAD0F2: {
      Type: 'AWS::DynamoDB::Table',
      Properties: { KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }] },
    },
    JobsEmailJobsDeadLetterQueue8CFC318B: { Type: 'AWS::SQS::Queue', Properties: {} },
    JobsEmailJobsQueue42F92482: {
      Type: 'AWS::SQS::Queue',
      Properties: {
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': ['JobsEmailJobsDeadLetterQueue8CFC318B', 'Arn'] },
          maxReceiveCount: 5,
        },
        VisibilityTimeout: 180,
      },
    },
    StorageImagesBucketCEC17A37: { Type: 'AWS::S3::Bucket', Properties: {} },
    SiteDistribution390DED28: {
      Type: 'AWS::CloudFront::Distribution',
      Properties: {
        DistributionConfig: {
          DefaultCacheBehavior: { ResponseHeadersPolicyId: { Ref: 'SiteSecurityHeaders2B88159C' } },
          CacheBehaviors: [{ PathPattern: '/images/*', TargetOriginId: 'images' }],
          Origins: [
            {
              Id: 'images',
              DomainName: { 'Fn::GetAtt': ['StorageImagesBucketCEC17A37', 'RegionalDomainName'] },
            },
          ],
        },
      },
    },
    SiteSecurityHeaders2B88159C: {
      Type: 'AWS::CloudFront::ResponseHeadersPolicy',
      Properties: {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: {
            ContentSecurityPolicy: {
              ContentSecurityPolicy: {
                'Fn::Join': [
                  '',
                  [
                    "default-src 'self'; connect-src 'self' https://cognito-idp.",
                    { Ref: 'AWS::Region' },
                    '.amazonaws.com',
                  ],
                ],
              },
            },
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
            StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, Override: true },
          },
        },
      },
    },
    AuthUserPool8115E87F: { Type: 'AWS::Cognito::UserPool', Properties: { UsernameAttributes: ['email'] } },
    AuthUserPoolWebClient147E4E38: {
      Type: 'AWS::Cognito::UserPoolClient',
      Properties: { UserPoolId: { Ref: 'AuthUserPool8115E87F' }, ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'] },
    },
    AuthAdminGroup: {
      Type: 'AWS::Cognito::UserPoolGroup',
      Properties: { GroupName: 'admin', UserPoolId: { Ref: 'AuthUserPool8115E87F' } },
    },
    SecretsProviderSecret5CE06CAB: {
      Type: 'AWS::SecretsManager::Secret',
      Properties: { SecretString: '{"a":""}' },
    },
    ApigetProductFunctionC8E338BC: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Code: {
          S3Bucket: { 'Fn::Sub': 'cdk-hnb659fds-assets-${AWS::AccountId}-${AWS::Region}' },
          S3Key: 'abc.zip',
        },
        Handler: 'index.handler',
        Runtime: 'nodejs22.x',
        Timeout: 10,
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: 'DataTableFDBAD0F2' },
            SITE_URL: {
              'Fn::Join': ['', ['https://', { 'Fn::GetAtt': ['SiteDistribution390DED28', 'DomainName'] }]],
            },
            EMAIL_QUEUE_URL: { Ref: 'JobsEmailJobsQueue42F92482' },
            PROVIDER_SECRET_ID: { Ref: 'SecretsProviderSecret5CE06CAB' },
          },
        },
      },
    },
    JobsemailWorkerFunction4095E462: {
      Type: 'AWS::Lambda::Function',
      Properties: { Code: { S3Key: 'def.zip' }, Handler: 'index.handler', Timeout: 30 },
    },
    ApiHttpApi4C294DC0: { Type: 'AWS::ApiGatewayV2::Api', Properties: { ProtocolType: 'HTTP' } },
    ApigetProductIntegration: {
      Type: 'AWS::ApiGatewayV2::Integration',
      Properties: {
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': ['ApigetProductFunctionC8E338BC', 'Arn'] },
      },
    },
    ApiAuthorizer: {
      Type: 'AWS::ApiGatewayV2::Authorizer',
      Properties: {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: [{ Ref: 'AuthUserPoolWebClient147E4E38' }],
          Issuer: {
            'Fn::Join': [
              '',
              [
                'https://cognito-idp.',
                { Ref: 'AWS::Region' },
                '.amazonaws.com/',
                { Ref: 'AuthUserPool8115E87F' },
              ],
            ],
          },
        },
      },
    },
    ApigetProductRoute6769FF5C: {
      Type: 'AWS::ApiGatewayV2::Route',
      Properties: {
        RouteKey: 'GET /api/products/{id}',
        AuthorizationType: 'JWT',
        AuthorizerId: { Ref: 'ApiAuthorizer' },
        Target: { 'Fn::Join': ['', ['integrations/', { Ref: 'ApigetProductIntegration' }]] },
      },
    },
    EmailMapping: {
      Type: 'AWS::Lambda::EventSourceMapping',
      Properties: {
        BatchSize: 10,
        EventSourceArn: { 'Fn::GetAtt': ['JobsEmailJobsQueue42F92482', 'Arn'] },
        FunctionName: { Ref: 'JobsemailWorkerFunction4095E462' },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      },
    },
    OutboxMapping: {
      Type: 'AWS::Lambda::EventSourceMapping',
      Properties: {
        BatchSize: 10,
        BisectBatchOnFunctionError: true,
        DestinationConfig: {
          OnFailure: { Destination: { 'Fn::GetAtt': ['JobsEmailJobsDeadLetterQueue8CFC318B', 'Arn'] } },
        },
        EventSourceArn: { 'Fn::GetAtt': ['DataTableFDBAD0F2', 'StreamArn'] },
        FilterCriteria: {
          Filters: [
            { Pattern: '{"eventName":["INSERT"],"dynamodb":{"NewImage":{"entity":{"S":["outbox"]}}}}' },
          ],
        },
        FunctionName: { Ref: 'JobsemailWorkerFunction4095E462' },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumRetryAttempts: 10,
        StartingPosition: 'TRIM_HORIZON',
      },
    },
    Alarm: { Type: 'AWS::CloudWatch::Alarm', Properties: {} },
  },
};

const ids = {
  userPools: { AuthUserPool8115E87F: 'local_pool1' },
  userPoolClients: { AuthUserPoolWebClient147E4E38: 'client1' },
};
const physical = physicalValues(template, naming, ids);
const resolver = new Resolver(template, physical, naming);

describe('physical values', () => {
  it('names resources after the stage prefix and logical id', () => {
    expect(physical.DataTableFDBAD0F2.ref).toBe('buyback-dev-DataTableFDBAD0F2');
    expect(physical.JobsEmailJobsQueue42F92482).toEqual({
      ref: 'http://127.0.0.1:9324/000000000000/buyback-dev-JobsEmailJobsQueue42F92482',
      attrs: {
        Arn: 'arn:aws:sqs:us-east-1:000000000000:buyback-dev-JobsEmailJobsQueue42F92482',
        QueueName: 'buyback-dev-JobsEmailJobsQueue42F92482',
        QueueUrl: 'http://127.0.0.1:9324/000000000000/buyback-dev-JobsEmailJobsQueue42F92482',
      },
    });
    expect(physical.StorageImagesBucketCEC17A37.ref).toBe('buyback-dev-storageimagesbucketcec17a37');
    expect(physical.AuthUserPool8115E87F.ref).toBe('local_pool1');
  });

  it('leaves out user pools whose id is not known yet', () => {
    const early = physicalValues(template, naming, { userPools: {}, userPoolClients: {} });
    expect(early.AuthUserPool8115E87F).toBeUndefined();
  });
});

describe('Resolver', () => {
  it('resolves Ref, Fn::GetAtt and Fn::Join to local values', () => {
    const env = template.Resources.ApigetProductFunctionC8E338BC.Properties?.Environment as {
      Variables: Record<string, unknown>;
    };
    const resolved = resolver.resolve(env.Variables) as Record<string, string>;
    expect(resolved.TABLE_NAME).toBe('buyback-dev-DataTableFDBAD0F2');
    expect(resolved.EMAIL_QUEUE_URL).toBe(
      'http://127.0.0.1:9324/000000000000/buyback-dev-JobsEmailJobsQueue42F92482',
    );
    expect(resolved.PROVIDER_SECRET_ID).toMatch(
      /^arn:aws:secretsmanager:us-east-1:000000000000:secret:buyback-dev-/,
    );
    // The distribution's domain is the local site; the URL built on it becomes plain HTTP.
    expect(resolved.SITE_URL).toBe('https://localhost:3000');
    expect(localizeUrls(resolved.SITE_URL)).toBe('http://localhost:3000');
  });

  it('resolves Fn::Sub with pseudo parameters, attributes, variables and escapes', () => {
    expect(resolver.resolve({ 'Fn::Sub': 'cdk-${AWS::AccountId}-${AWS::Region}' })).toBe(
      'cdk-000000000000-us-east-1',
    );
    expect(resolver.resolve({ 'Fn::Sub': '${JobsEmailJobsQueue42F92482.QueueName}' })).toBe(
      'buyback-dev-JobsEmailJobsQueue42F92482',
    );
    expect(resolver.resolve({ 'Fn::Sub': ['${x}/${!Literal}', { x: { Ref: 'AWS::Partition' } }] })).toBe(
      'aws/${Literal}',
    );
  });

  it('resolves Fn::Select over Fn::Split (the API origin of the distribution)', () => {
    expect(resolver.resolve({ 'Fn::Select': [1, { 'Fn::Split': ['/', 'a/b/c'] }] })).toBe('b');
  });

  // The synthesized templates use none of these (test/infra/stack.test.ts checks the real ones).
  it.each([
    [{ 'Fn::If': ['IsDev', 'yes', 'no'] }, 'Fn::If'],
    [{ 'Fn::FindInMap': ['Sizes', 'dev', 'memory'] }, 'Fn::FindInMap'],
    [{ 'Fn::Base64': 'text' }, 'Fn::Base64'],
    [{ 'Fn::GetAZs': '' }, 'Fn::GetAZs'],
    [{ 'Fn::ToJsonString': { a: 1 } }, 'Fn::ToJsonString'],
    [{ 'Fn::Equals': ['a', 'a'] }, 'Fn::Equals'],
    [{ Condition: 'IsDev' }, 'Condition'],
    [{ 'Fn::ImportValue': 'x' }, 'Fn::ImportValue'],
  ])('refuses %j, naming %s and where it is', (value, name) => {
    expect(() => resolver.resolve({ Variables: { X: value } }, 'Fn.Environment')).toThrow(
      new TemplateError(
        `Fn.Environment.Variables.X: ${name} is not supported by the local runner, which resolves Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split (infra/local/template/intrinsics.ts)`,
      ),
    );
  });

  it('refuses the pseudo parameters and template parameters the templates do not use', () => {
    expect(() => resolver.resolve({ Ref: 'AWS::NoValue' }, 'X')).toThrow(
      /^X: the pseudo parameter AWS::NoValue is not supported by the local runner/,
    );
    expect(() => resolver.resolve({ 'Fn::Sub': '${AWS::StackName}-x' }, 'X')).toThrow(
      /^X: the pseudo parameter AWS::StackName is not supported/,
    );
    expect(() => resolver.resolve({ Ref: 'BootstrapVersion' }, 'X')).toThrow(
      new TemplateError(
        'X: Ref BootstrapVersion refers to a parameter, which the local runner does not read (infra/local/template/intrinsics.ts)',
      ),
    );
  });

  it('names the resource type it cannot resolve', () => {
    expect(() => resolver.resolve({ Ref: 'Alarm' }, 'X.Environment')).toThrow(
      new TemplateError(
        'X.Environment: Ref Alarm refers to a AWS::CloudWatch::Alarm, which the local runner does not emulate (infra/local/template/intrinsics.ts)',
      ),
    );
    expect(() => resolver.resolve({ 'Fn::GetAtt': ['DataTableFDBAD0F2', 'Nope'] })).toThrow(
      /not known locally for AWS::DynamoDB::Table/,
    );
    expect(() => resolver.resolve({ Ref: 'Missing' })).toThrow(/not in the template/);
  });
});

describe('readStack', () => {
  const model = readStack(template, resolver, physical);

  it('follows routes to their functions and authorizers', () => {
    expect(model.routes).toEqual([
      {
        logicalId: 'ApigetProductRoute6769FF5C',
        routeKey: 'GET /api/products/{id}',
        method: 'GET',
        path: '/api/products/{id}',
        functionLogicalId: 'ApigetProductFunctionC8E338BC',
        authorizationType: 'JWT',
        authorizerLogicalId: 'ApiAuthorizer',
        authorizationScopes: [],
      },
    ]);
    const [authorizer] = model.authorizers;
    expect(localIssuer(resolver.resolveString(authorizer.issuer, 'issuer'), naming.cognitoOrigin)).toBe(
      'http://localhost:9229/local_pool1',
    );
    expect(authorizer.audience.map((a) => resolver.resolve(a))).toEqual(['client1']);
  });

  it('reads event source mappings with their batch settings', () => {
    expect(model.eventSources).toEqual([
      {
        logicalId: 'EmailMapping',
        queueLogicalId: 'JobsEmailJobsQueue42F92482',
        functionLogicalId: 'JobsemailWorkerFunction4095E462',
        batchSize: 10,
        reportBatchItemFailures: true,
        enabled: true,
      },
    ]);
  });

  it("reads a table stream's mapping apart from the queues', with its filters, retries and on-failure queue", () => {
    expect(model.streamSources).toEqual([
      {
        logicalId: 'OutboxMapping',
        tableLogicalId: 'DataTableFDBAD0F2',
        functionLogicalId: 'JobsemailWorkerFunction4095E462',
        batchSize: 10,
        filterPatterns: [{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['outbox'] } } } }],
        startingPosition: 'TRIM_HORIZON',
        reportBatchItemFailures: true,
        bisectBatchOnFunctionError: true,
        maximumRetryAttempts: 10,
        onFailureQueueLogicalId: 'JobsEmailJobsDeadLetterQueue8CFC318B',
        enabled: true,
      },
    ]);
  });

  it('reads functions with their asset key and timeout', () => {
    const fn = model.functions.find((f) => f.logicalId === 'ApigetProductFunctionC8E338BC');
    expect(fn).toMatchObject({
      handler: 'index.handler',
      timeoutSeconds: 10,
      memoryMb: 128,
      assetKey: 'abc.zip',
    });
  });

  it('lists the resources to create', () => {
    expect(model.tables.map((t) => t.logicalId)).toEqual(['DataTableFDBAD0F2']);
    expect(model.queues).toHaveLength(2);
    expect(model.userPoolClients[0].userPoolLogicalId).toBe('AuthUserPool8115E87F');
    expect(model.userPoolGroups[0].groupName).toBe('admin');
    expect(model.warnings).toEqual([]);
  });

  it('refuses a route or authorizer it would not check as API Gateway does (IAM, Lambda authorizers)', () => {
    const route = template.Resources.ApigetProductRoute6769FF5C;
    const iam: CfnTemplate = {
      ...template,
      Resources: {
        ...template.Resources,
        ApigetProductRoute6769FF5C: {
          ...route,
          Properties: { ...route.Properties, AuthorizationType: 'AWS_IAM' },
        },
      },
    };
    expect(() => readStack(iam, resolver, physical)).toThrow(
      'ApigetProductRoute6769FF5C: AWS_IAM authorization is not supported by the local runner',
    );
    const authorizer = template.Resources.ApiAuthorizer;
    const lambda: CfnTemplate = {
      ...template,
      Resources: {
        ...template.Resources,
        ApiAuthorizer: { ...authorizer, Properties: { ...authorizer.Properties, AuthorizerType: 'REQUEST' } },
      },
    };
    expect(() => readStack(lambda, resolver, physical)).toThrow(TemplateError);
  });
});

describe('assertSupported', () => {
  const withResource = (id: string, resource: CfnTemplate['Resources'][string]): CfnTemplate => ({
    ...template,
    Resources: { ...template.Resources, [id]: resource },
  });

  it('accepts the template the app synthesizes, IAM conditions included', () => {
    expect(() => assertSupported(template)).not.toThrow();
    const policy = withResource('Policy', {
      Type: 'AWS::IAM::Policy',
      Properties: {
        PolicyDocument: {
          Statement: [{ Effect: 'Allow', Action: 'kms:Decrypt', Condition: { StringEquals: { a: 'b' } } }],
        },
      },
    });
    expect(() => assertSupported(policy)).not.toThrow();
  });

  it('names an unsupported function and where it is, before anything is resolved', () => {
    const withIf = withResource('Fn', {
      Type: 'AWS::Lambda::Function',
      Properties: { Environment: { Variables: { MODE: { 'Fn::If': ['IsProd', 'live', 'test'] } } } },
    });
    const message =
      'Resources.Fn.Properties.Environment.Variables.MODE: Fn::If is not supported by the local runner, which resolves Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split (infra/local/template/intrinsics.ts)';
    expect(() => assertSupported(withIf)).toThrow(new TemplateError(message));
    // The runner reads the stack through readStack: it fails there, not when the value is first needed.
    const early = physicalValues(withIf, naming, ids);
    expect(() => readStack(withIf, new Resolver(withIf, early, naming), early)).toThrow(message);
    const inList = withResource('Alarm2', {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: { Dimensions: [{ Value: { 'Fn::Base64': 'x' } }] },
    });
    expect(() => assertSupported(inList)).toThrow(
      /^Resources\.Alarm2\.Properties\.Dimensions\[0\]\.Value: Fn::Base64 /,
    );
    const pseudo = withResource('Q', {
      Type: 'AWS::SQS::Queue',
      Properties: { QueueName: { Ref: 'AWS::StackName' } },
    });
    expect(() => assertSupported(pseudo)).toThrow(
      /^Resources\.Q\.Properties\.QueueName: the pseudo parameter AWS::StackName is not supported/,
    );
  });

  it("refuses a resource's Condition, but skips CDK's version-reporting resource and its condition", () => {
    const conditional = withResource('Topic', { Type: 'AWS::SNS::Topic', Condition: 'IsProd' });
    expect(() => assertSupported(conditional)).toThrow(
      new TemplateError(
        'Resources.Topic: the Condition IsProd is not supported by the local runner, which creates every resource (infra/local/template/intrinsics.ts)',
      ),
    );
    const metadata = withResource('CDKMetadata', {
      Type: 'AWS::CDK::Metadata',
      Condition: 'CDKMetadataAvailable',
      Properties: { Analytics: 'v2:deflate64:abc' },
    });
    expect(() => assertSupported(metadata)).not.toThrow();
  });
});

describe('readSiteConfig', () => {
  it('finds the images bucket and the security headers of the distribution', () => {
    const site = readSiteConfig(template, resolver);
    expect(site.imagesBucketLogicalId).toBe('StorageImagesBucketCEC17A37');
    expect(site.securityHeaders).toEqual({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy':
        "default-src 'self'; connect-src 'self' https://cognito-idp.us-east-1.amazonaws.com",
    });
  });
});

describe('resolveSecretReference', () => {
  const secrets: Record<string, string> = { originVerify: 'abc123' };
  it('reads a secret dynamic reference from the local secret file, as CloudFormation does at deploy', () => {
    const value =
      '{{resolve:secretsmanager:arn:aws:secretsmanager:us-east-1:000000000000:secret:Origin-x1:SecretString:originVerify::}}';
    expect(resolveSecretReference(value, (k) => secrets[k])).toBe('abc123');
  });
  it('leaves any other value alone, and refuses a reference the file cannot answer', () => {
    expect(resolveSecretReference('https://x', (k) => secrets[k])).toBe('https://x');
    expect(() =>
      resolveSecretReference('{{resolve:secretsmanager:arn:x:SecretString:missing::}}', (k) => secrets[k]),
    ).toThrow(TemplateError);
  });
});

describe('queueAliases', () => {
  it('names queues and their DLQs after the product names', () => {
    const aliases = queueAliases(
      [
        { logicalId: 'JobsEmailJobsQueue42F92482', name: 'q1' },
        { logicalId: 'JobsEmailJobsDeadLetterQueue8CFC318B', name: 'q2' },
        { logicalId: 'OtherQueue12345678', name: 'buyback-dev-OtherQueue12345678' },
      ],
      ['email-jobs', 'sms-jobs'],
    );
    expect(aliases).toEqual({
      JobsEmailJobsQueue42F92482: 'email-jobs',
      JobsEmailJobsDeadLetterQueue8CFC318B: 'email-jobs-dlq',
      OtherQueue12345678: 'buyback-dev-OtherQueue12345678',
    });
  });
});
