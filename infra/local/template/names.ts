/**
 * Local physical names: the resources the local stack emulates get local names, URLs and ARNs (what `Ref` and
 * `Fn::GetAtt` answer for them), and the names people read (queues by the product's names, ids without CDK's
 * hash). Pure.
 */
import type { CfnTemplate, Json, LocalNaming, Physical } from './intrinsics.js';

export const LOCAL_ACCOUNT_ID = '000000000000';

/** `buyback-dev` + `ImagesBucket1A2B3C` -> `buyback-dev-imagesbucket1a2b3c` (S3 names are lower case, max 63). */
export function bucketName(prefix: string, logicalId: string): string {
  const raw = `${prefix}-${logicalId}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return raw.slice(0, 63).replace(/-+$/, '');
}

const plainName = (prefix: string, logicalId: string, max: number) =>
  `${prefix}-${logicalId}`.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, max);

const stringProp = (props: Record<string, Json> | undefined, key: string): string | undefined => {
  const value = props?.[key];
  return typeof value === 'string' ? value : undefined;
};

/** The emulator-generated ids the resolver cannot invent: user pools and their clients. */
export interface GeneratedIds {
  userPools: Record<string, string>;
  userPoolClients: Record<string, string>;
}

/**
 * Local physical values for the resource types the template refers to (in functions' environments, event
 * sources, routes, the distribution). A reference to any other fails with a message naming its type.
 */
export function physicalValues(
  template: CfnTemplate,
  naming: LocalNaming,
  ids: GeneratedIds,
): Record<string, Physical> {
  const { region, accountId: account } = naming;
  const out: Record<string, Physical> = {};
  const siteHost = new URL(naming.siteOrigin).host;
  for (const [id, resource] of Object.entries(template.Resources ?? {})) {
    const props = resource.Properties;
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table': {
        const name = stringProp(props, 'TableName') ?? plainName(naming.namePrefix, id, 255);
        const arn = `arn:aws:dynamodb:${region}:${account}:table/${name}`;
        out[id] = { ref: name, attrs: { Arn: arn, StreamArn: `${arn}/stream/local` } };
        break;
      }
      case 'AWS::SQS::Queue': {
        const name = stringProp(props, 'QueueName') ?? plainName(naming.namePrefix, id, 80);
        const url = `${naming.sqsOrigin}/${account}/${name}`;
        const arn = `arn:aws:sqs:${region}:${account}:${name}`;
        out[id] = { ref: url, attrs: { Arn: arn, QueueName: name, QueueUrl: url } };
        break;
      }
      case 'AWS::S3::Bucket': {
        const name = stringProp(props, 'BucketName') ?? bucketName(naming.namePrefix, id);
        out[id] = {
          ref: name,
          attrs: {
            Arn: `arn:aws:s3:::${name}`,
            DomainName: `${name}.s3.amazonaws.com`,
            RegionalDomainName: `${name}.s3.${region}.amazonaws.com`,
          },
        };
        break;
      }
      case 'AWS::SecretsManager::Secret': {
        const name = stringProp(props, 'Name') ?? plainName(naming.namePrefix, id, 256);
        const arn = `arn:aws:secretsmanager:${region}:${account}:secret:${name}-local0`;
        out[id] = { ref: arn, attrs: { Id: arn, SecretArn: arn } };
        break;
      }
      case 'AWS::Lambda::Function': {
        const name = stringProp(props, 'FunctionName') ?? plainName(naming.namePrefix, id, 64);
        out[id] = { ref: name, attrs: { Arn: `arn:aws:lambda:${region}:${account}:function:${name}` } };
        break;
      }
      case 'AWS::CloudFront::Distribution':
        // The local site plays CloudFront: a SITE_URL built from the distribution's domain is the local origin.
        out[id] = { ref: 'ELOCALSITE', attrs: { DomainName: siteHost, Id: 'ELOCALSITE' } };
        break;
      case 'AWS::ApiGatewayV2::Api':
        out[id] = { ref: 'localapi', attrs: { ApiEndpoint: naming.siteOrigin, ApiId: 'localapi' } };
        break;
      case 'AWS::ApiGatewayV2::Integration':
      case 'AWS::ApiGatewayV2::Route':
      case 'AWS::ApiGatewayV2::Authorizer':
        out[id] = { ref: id, attrs: {} };
        break;
      case 'AWS::SES::ConfigurationSet': {
        out[id] = { ref: stringProp(props, 'Name') ?? plainName(naming.namePrefix, id, 64), attrs: {} };
        break;
      }
      case 'AWS::SNS::Topic': {
        const name = stringProp(props, 'TopicName') ?? plainName(naming.namePrefix, id, 256);
        const arn = `arn:aws:sns:${region}:${account}:${name}`;
        out[id] = { ref: arn, attrs: { TopicArn: arn, TopicName: name } };
        break;
      }
      case 'AWS::Cognito::UserPool': {
        const poolId = ids.userPools[id];
        if (!poolId) break;
        out[id] = {
          ref: poolId,
          attrs: {
            Arn: `arn:aws:cognito-idp:${region}:${account}:userpool/${poolId}`,
            ProviderName: `cognito-idp.${region}.amazonaws.com/${poolId}`,
            ProviderURL: `https://cognito-idp.${region}.amazonaws.com/${poolId}`,
            UserPoolId: poolId,
          },
        };
        break;
      }
      case 'AWS::Cognito::UserPoolClient': {
        const clientId = ids.userPoolClients[id];
        if (!clientId) break;
        out[id] = {
          ref: clientId,
          attrs: { ClientId: clientId, Name: stringProp(props, 'ClientName') ?? id },
        };
        break;
      }
      case 'AWS::KMS::Key': {
        // No KMS emulator: the ARN only tells a function it may use the payout key, whose local stand-in is a
        // key file the runner hands to exactly those functions (LOCAL_PAYOUT_KEY_FILE).
        const keyId = `local-${id}`;
        out[id] = {
          ref: keyId,
          attrs: { Arn: `arn:aws:kms:${region}:${account}:key/${keyId}`, KeyId: keyId },
        };
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** `JobsEmailJobsQueue42F92482` -> `JobsEmailJobsQueue`: CDK's hash suffix is noise for people. */
export const withoutHash = (logicalId: string) => logicalId.replace(/[0-9A-F]{8}$/, '');

/**
 * Friendly names for queues, from the names the product uses (`email-jobs`): the queue whose logical id
 * contains `EmailJobs` is `email-jobs`, its dead-letter queue `email-jobs-dlq`. Others keep their physical name.
 */
export function queueAliases(
  queues: ReadonlyArray<{ logicalId: string; name: string }>,
  known: readonly string[],
): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const queue of queues) {
    const base = withoutHash(queue.logicalId);
    // `email-jobs` is the construct `EmailJobs` (infra/constructs/jobs.ts).
    const pascal = known.find((name) =>
      base.includes(name.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase())),
    );
    const alias = pascal ? `${pascal}${/DeadLetter|Dlq/i.test(base) ? '-dlq' : ''}` : queue.name;
    aliases[queue.logicalId] = Object.values(aliases).includes(alias) ? queue.name : alias;
  }
  return aliases;
}
