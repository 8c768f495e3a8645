// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Fn::Sub strings are CloudFormation's, not template literals
/** The template the local runner's template tests read (template-*.test.ts). */
import { type CfnTemplate, type LocalNaming, Resolver } from '../../infra/local/template/intrinsics';
import { physicalValues } from '../../infra/local/template/names';

export const naming: LocalNaming = {
  region: 'us-east-1',
  accountId: '000000000000',
  namePrefix: 'buyback-dev',
  siteOrigin: 'http://localhost:3000',
  sqsOrigin: 'http://127.0.0.1:9324',
  cognitoOrigin: 'http://localhost:9229',
};

/** A trimmed copy of what the CDK app synthesizes: one route with a JWT authorizer, one worker. */
export const template: CfnTemplate = {
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

export const ids = {
  userPools: { AuthUserPool8115E87F: 'local_pool1' },
  userPoolClients: { AuthUserPoolWebClient147E4E38: 'client1' },
};
export const physical = physicalValues(template, naming, ids);
export const resolver = new Resolver(template, physical, naming);
