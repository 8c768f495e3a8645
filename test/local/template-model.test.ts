import { type CfnTemplate, TemplateError } from '../../infra/local/template/intrinsics';
import { physicalValues, queueAliases } from '../../infra/local/template/names';
import { readSiteConfig } from '../../infra/local/template/site-config';
import { localIssuer, readStack } from '../../infra/local/template/stack-model';
import { naming, physical, resolver, template } from './template-fixture';

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
