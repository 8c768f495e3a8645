/**
 * Reading a synthesized CloudFormation template the way CloudFormation would, but with local physical values:
 * the resources the local stack emulates get local names, URLs and ARNs, and the intrinsic functions the
 * template uses resolve against them (any other fails, naming itself and where it is). Pure: no I/O, so it is
 * unit-tested on hand-written templates.
 */

export type Json = unknown;

export interface CfnResource {
  Type: string;
  Properties?: Record<string, Json>;
  Metadata?: Record<string, Json>;
  Condition?: string;
}

export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  /** Only nested stacks' parameters are read: flattening binds them to what the parent passes. */
  Parameters?: Record<string, { Type?: string; Default?: Json }>;
  Outputs?: Record<string, { Value: Json }>;
}

/** What a logical id stands for locally: its `Ref` value and its `Fn::GetAtt` attributes. */
export interface Physical {
  ref: string;
  attrs: Record<string, string>;
}

export interface LocalNaming {
  region: string;
  accountId: string;
  /** Prefix of generated physical names, e.g. `buyback-dev`. */
  namePrefix: string;
  /** Origin of the local site, e.g. `http://localhost:3000`: stands in for the CloudFront distribution. */
  siteOrigin: string;
  /** Origin queue URLs are built on, e.g. `http://127.0.0.1:9324`. */
  sqsOrigin: string;
  /** Issuer origin of the local user pools, e.g. `http://localhost:9229`. */
  cognitoOrigin: string;
}

export const LOCAL_ACCOUNT_ID = '000000000000';

export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

export const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const describe = (value: Json): string => JSON.stringify(value)?.slice(0, 200) ?? String(value);

function truncateName(name: string, max: number): string {
  return name.length <= max ? name : name.slice(0, max);
}

/** `buyback-dev` + `ImagesBucket1A2B3C` -> `buyback-dev-imagesbucket1a2b3c` (S3 names are lower case, max 63). */
export function bucketName(prefix: string, logicalId: string): string {
  const raw = `${prefix}-${logicalId}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return truncateName(raw, 63).replace(/-+$/, '');
}

const plainName = (prefix: string, logicalId: string, max: number) =>
  truncateName(`${prefix}-${logicalId}`.replace(/[^A-Za-z0-9_-]/g, '-'), max);

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
 * Local physical values for every resource type the runner emulates or that a Lambda's environment may refer
 * to. Resources missing here make a reference to them fail with a message naming their type.
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
      case 'AWS::DynamoDB::Table':
      case 'AWS::DynamoDB::GlobalTable': {
        const name = stringProp(props, 'TableName') ?? plainName(naming.namePrefix, id, 255);
        const arn = `arn:aws:dynamodb:${region}:${account}:table/${name}`;
        out[id] = { ref: name, attrs: { Arn: arn, StreamArn: `${arn}/stream/local` } };
        break;
      }
      case 'AWS::SQS::Queue': {
        const fifo = props?.FifoQueue === true || props?.FifoQueue === 'true';
        let name = stringProp(props, 'QueueName') ?? plainName(naming.namePrefix, id, fifo ? 75 : 80);
        if (fifo && !name.endsWith('.fifo')) name = `${name}.fifo`;
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
            DualStackDomainName: `${name}.s3.dualstack.${region}.amazonaws.com`,
            WebsiteURL: `http://${name}.s3-website-${region}.amazonaws.com`,
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
      case 'AWS::IAM::Role': {
        const name = stringProp(props, 'RoleName') ?? plainName(naming.namePrefix, id, 64);
        out[id] = {
          ref: name,
          attrs: { Arn: `arn:aws:iam::${account}:role/${name}`, RoleId: `AROALOCAL${id}` },
        };
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
      case 'AWS::ApiGatewayV2::Stage':
        out[id] = { ref: id, attrs: {} };
        break;
      case 'AWS::SES::EmailIdentity': {
        const identity = stringProp(props, 'EmailIdentity') ?? id;
        out[id] = { ref: identity, attrs: {} };
        break;
      }
      case 'AWS::SES::ConfigurationSet': {
        out[id] = { ref: stringProp(props, 'Name') ?? plainName(naming.namePrefix, id, 64), attrs: {} };
        break;
      }
      case 'AWS::SSM::Parameter': {
        const name = stringProp(props, 'Name') ?? `/${naming.namePrefix}/${id}`;
        out[id] = {
          ref: name,
          attrs: { Type: stringProp(props, 'Type') ?? 'String', Value: String(props?.Value ?? '') },
        };
        break;
      }
      case 'AWS::Logs::LogGroup': {
        const name = stringProp(props, 'LogGroupName') ?? `/local/${naming.namePrefix}/${id}`;
        out[id] = { ref: name, attrs: { Arn: `arn:aws:logs:${region}:${account}:log-group:${name}:*` } };
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
      case 'AWS::Cognito::UserPoolGroup':
        out[id] = { ref: stringProp(props, 'GroupName') ?? id, attrs: {} };
        break;
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

/**
 * The intrinsic functions the runner resolves: exactly those CDK writes into this app's templates. Listed from
 * the dev and the prod templates, nested stacks included (2026-11): Ref, Fn::GetAtt, Fn::Join and Fn::Sub all
 * over; Fn::Select over Fn::Split in the distribution's API origin (the host of the API's endpoint). None of
 * Fn::If, Fn::FindInMap, Fn::Base64, Fn::GetAZs, Fn::ToJsonString, Condition or a resource's `Condition` key
 * appears: the template is the same in every region and account, so CDK has nothing to decide at deploy time.
 * Should one ever appear, `assertSupported` says which and where, before anything is resolved.
 */
export const SUPPORTED_INTRINSICS = ['Ref', 'Fn::GetAtt', 'Fn::Join', 'Fn::Sub', 'Fn::Select', 'Fn::Split'];

/** The pseudo parameters the templates use; the runner's own values stand in for AWS's. */
const PSEUDO_PARAMETERS = ['AWS::Region', 'AWS::AccountId', 'AWS::Partition', 'AWS::URLSuffix'];

/**
 * CDK's version-reporting resource: `cdk synth` from the CLI adds one to the top-level stack (never to a nested
 * one), with a `Condition` on the regions that collect it when the stack is region-agnostic (the dev stack). It
 * has no meaning locally, and the runner synthesizes in-process, where none is added: it is skipped rather than
 * its condition evaluated.
 */
export const CDK_METADATA = 'AWS::CDK::Metadata';

const unsupported = (name: string, where: string) =>
  new TemplateError(
    `${where}: ${name} is not supported by the local runner, which resolves ${SUPPORTED_INTRINSICS.join(', ')} (infra/local/template.ts)`,
  );

/** An object that is an intrinsic function call: one key, `Ref`, `Fn::...`, or `Condition` naming a condition. */
const intrinsicName = (value: Record<string, Json>): string | undefined => {
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const [key] = keys;
  if (key === 'Ref' || key.startsWith('Fn::')) return key;
  // An IAM statement's `Condition` is an object and never alone; the intrinsic's argument is a name.
  return key === 'Condition' && typeof value[key] === 'string' ? key : undefined;
};

/**
 * Fails with a TemplateError naming the first intrinsic function, pseudo parameter or resource `Condition` the
 * runner cannot resolve, and where it is (`Resources.<id>.Properties...`). Resources only: the runner reads no
 * Outputs, Rules or Conditions.
 */
export function assertSupported(template: CfnTemplate): void {
  const visit = (value: Json, where: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, `${where}[${i}]`);
      });
      return;
    }
    if (!isRecord(value)) return;
    const name = intrinsicName(value);
    if (name !== undefined && !SUPPORTED_INTRINSICS.includes(name)) throw unsupported(name, where);
    if (name === 'Ref' && typeof value.Ref === 'string') assertPseudo(value.Ref, where);
    for (const [key, item] of Object.entries(value)) visit(item, `${where}.${key}`);
  };
  for (const [id, resource] of Object.entries(template.Resources ?? {})) {
    if (resource.Type === CDK_METADATA) continue;
    if (resource.Condition !== undefined) {
      throw new TemplateError(
        `Resources.${id}: the Condition ${String(resource.Condition)} is not supported by the local runner, which creates every resource (infra/local/template.ts)`,
      );
    }
    visit(resource.Properties, `Resources.${id}.Properties`);
  }
}

function assertPseudo(name: string, where: string): void {
  if (name.startsWith('AWS::') && !PSEUDO_PARAMETERS.includes(name)) {
    throw new TemplateError(
      `${where}: the pseudo parameter ${name} is not supported by the local runner, which knows ${PSEUDO_PARAMETERS.join(', ')} (infra/local/template.ts)`,
    );
  }
}

/**
 * Resolves the intrinsic functions of SUPPORTED_INTRINSICS against local physical values. Unknown references
 * fail with a message naming the resource type, so a new kind of resource in the stack says what the runner lacks.
 */
export class Resolver {
  constructor(
    private readonly template: CfnTemplate,
    private readonly physical: Record<string, Physical>,
    private readonly naming: LocalNaming,
  ) {}

  resolve(value: Json, where = 'template'): Json {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item, where));
    if (!isRecord(value)) return value;
    const name = intrinsicName(value);
    if (name !== undefined) return this.intrinsic(name, value[name], where);
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) out[key] = this.resolve(item, `${where}.${key}`);
    return out;
  }

  resolveString(value: Json, where: string): string {
    return this.scalar(this.resolve(value, where), where);
  }

  private intrinsic(name: string, arg: Json, where: string): Json {
    switch (name) {
      case 'Ref':
        return this.ref(String(arg), where);
      case 'Fn::GetAtt': {
        const [id, ...rest] = Array.isArray(arg) ? arg.map(String) : String(arg).split('.');
        return this.getAtt(id, rest.join('.'), where);
      }
      case 'Fn::Join': {
        const [delimiter, list] = this.args(arg, 2, name, where);
        const items = this.resolve(list, where);
        if (!Array.isArray(items))
          throw new TemplateError(`${where}: Fn::Join needs a list, got ${describe(items)}`);
        return items.map((item) => this.scalar(item, where)).join(String(delimiter));
      }
      case 'Fn::Sub':
        return this.sub(arg, where);
      case 'Fn::Select': {
        const [index, list] = this.args(arg, 2, name, where);
        const items = this.resolve(list, where);
        const i = Number(this.resolve(index, where));
        if (!Array.isArray(items) || !Number.isInteger(i) || i < 0 || i >= items.length) {
          throw new TemplateError(`${where}: Fn::Select index ${i} out of range of ${describe(items)}`);
        }
        return items[i];
      }
      case 'Fn::Split': {
        const [delimiter, source] = this.args(arg, 2, name, where);
        return this.scalar(this.resolve(source, where), where).split(String(delimiter));
      }
      default:
        throw unsupported(name, where);
    }
  }

  private args(arg: Json, count: number, name: string, where: string): Json[] {
    if (!Array.isArray(arg) || arg.length < count) {
      throw new TemplateError(`${where}: ${name} expects ${count} arguments, got ${describe(arg)}`);
    }
    return arg;
  }

  private scalar(value: Json, where: string): string {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw new TemplateError(`${where}: expected a string, got ${describe(value)}`);
  }

  private ref(id: string, where: string): string {
    switch (id) {
      case 'AWS::Region':
        return this.naming.region;
      case 'AWS::AccountId':
        return this.naming.accountId;
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
    }
    assertPseudo(id, where);
    if (this.template.Parameters?.[id]) {
      throw new TemplateError(
        `${where}: Ref ${id} refers to a parameter, which the local runner does not read (infra/local/template.ts)`,
      );
    }
    return this.lookup(id, where, `Ref ${id}`).ref;
  }

  private getAtt(id: string, attribute: string, where: string): string {
    const physical = this.lookup(id, where, `Fn::GetAtt ${id}.${attribute}`);
    const value = physical.attrs[attribute];
    if (value === undefined) {
      const type = this.template.Resources[id]?.Type;
      throw new TemplateError(`${where}: Fn::GetAtt ${id}.${attribute} is not known locally for ${type}`);
    }
    return value;
  }

  private lookup(id: string, where: string, what: string): Physical {
    const physical = this.physical[id];
    if (physical) return physical;
    const resource = this.template.Resources[id];
    if (!resource) throw new TemplateError(`${where}: ${what} refers to ${id}, which is not in the template`);
    throw new TemplateError(
      `${where}: ${what} refers to a ${resource.Type}, which the local runner does not emulate (infra/local/template.ts)`,
    );
  }

  private sub(arg: Json, where: string): string {
    const [text, variables] = Array.isArray(arg)
      ? [String(arg[0]), (arg[1] ?? {}) as Record<string, Json>]
      : [String(arg), {}];
    return text.replace(/\$\{([^}]+)\}/g, (_match, expression: string) => {
      if (expression.startsWith('!')) return `\${${expression.slice(1)}}`;
      if (expression in variables) return this.scalar(this.resolve(variables[expression], where), where);
      if (expression.includes('.')) {
        const [id, ...rest] = expression.split('.');
        return this.getAtt(id, rest.join('.'), where);
      }
      return this.ref(expression, where);
    });
  }
}

/** Locally every origin is plain HTTP: a `https://` URL built on a local host becomes `http://`. */
export function localizeUrls(value: string): string {
  return value.replace(/https:\/\/(localhost|127\.0\.0\.1)(?=[:/]|$)/g, 'http://$1');
}

// ---------------------------------------------------------------------------------------------------------
// The stack model: what the runner needs from the template, with references still unresolved where they
// depend on emulator-generated ids.

export interface LambdaDef {
  logicalId: string;
  handler: string;
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** The asset's object key (`<hash>.zip`), mapped to `cdk.out/asset.<hash>` through the asset manifest. */
  assetKey?: string;
  /** `aws:asset:path` metadata when the app records it. */
  assetPath?: string;
  environment: Record<string, Json>;
}

export interface RouteDef {
  logicalId: string;
  routeKey: string;
  method: string;
  path: string;
  functionLogicalId: string;
  authorizationType: string;
  authorizerLogicalId?: string;
  authorizationScopes: string[];
}

export interface AuthorizerDef {
  logicalId: string;
  type: string;
  issuer: Json;
  audience: Json[];
  identitySource: string[];
}

export interface EventSourceDef {
  logicalId: string;
  queueLogicalId: string;
  functionLogicalId: string;
  batchSize: number;
  reportBatchItemFailures: boolean;
  enabled: boolean;
}

/**
 * An event source mapping from a table's stream: the runner reads DynamoDB Local's stream and invokes the
 * function with Lambda's DynamoDB event, honouring the filter criteria, batch size and ReportBatchItemFailures.
 */
export interface StreamSourceDef {
  logicalId: string;
  tableLogicalId: string;
  functionLogicalId: string;
  batchSize: number;
  /** `FilterCriteria.Filters[].Pattern`, parsed: a record is delivered when any pattern matches (none: all). */
  filterPatterns: Json[];
  startingPosition: 'TRIM_HORIZON' | 'LATEST';
  reportBatchItemFailures: boolean;
  bisectBatchOnFunctionError: boolean;
  /** -1: until the record expires (Lambda's default). */
  maximumRetryAttempts: number;
  /** The on-failure destination, when it is a queue of this stack. */
  onFailureQueueLogicalId?: string;
  enabled: boolean;
}

/** An EventBridge rule that runs a function of this stack on a schedule. */
export interface ScheduleRuleDef {
  logicalId: string;
  functionLogicalId: string;
  expression: string;
  enabled: boolean;
}

/** A function subscribed to an SNS topic of this stack. */
export interface TopicSubscriptionDef {
  logicalId: string;
  topicLogicalId: string;
  functionLogicalId: string;
}

/** Where a configuration set publishes SES events (lower-case types: bounce, complaint...). */
export interface SesEventDestinationDef {
  logicalId: string;
  configurationSetLogicalId: string;
  topicLogicalId: string;
  events: string[];
  enabled: boolean;
}

export interface NamedResource {
  logicalId: string;
  properties: Record<string, Json>;
}

export interface StackModel {
  functions: LambdaDef[];
  routes: RouteDef[];
  authorizers: AuthorizerDef[];
  eventSources: EventSourceDef[];
  streamSources: StreamSourceDef[];
  schedules: ScheduleRuleDef[];
  topicSubscriptions: TopicSubscriptionDef[];
  sesEventDestinations: SesEventDestinationDef[];
  tables: NamedResource[];
  queues: NamedResource[];
  buckets: NamedResource[];
  userPools: NamedResource[];
  userPoolClients: Array<NamedResource & { userPoolLogicalId: string }>;
  userPoolGroups: Array<NamedResource & { userPoolLogicalId: string; groupName: string }>;
  secrets: NamedResource[];
  warnings: string[];
}

const refTarget = (value: Json): string | undefined =>
  isRecord(value) && typeof value.Ref === 'string' ? value.Ref : undefined;

const getAttTarget = (value: Json): [string, string] | undefined => {
  if (!isRecord(value)) return undefined;
  const arg = value['Fn::GetAtt'];
  if (Array.isArray(arg)) return [String(arg[0]), String(arg[1])];
  if (typeof arg === 'string') {
    const [id, ...rest] = arg.split('.');
    return [id, rest.join('.')];
  }
  return undefined;
};

const isTableType = (type: string | undefined) =>
  type === 'AWS::DynamoDB::Table' || type === 'AWS::DynamoDB::GlobalTable';

/** A stream event source mapping's settings, with Lambda's defaults where the template leaves them out. */
function streamSourceOf(
  logicalId: string,
  tableLogicalId: string,
  props: Record<string, Json>,
  functionFrom: (value: Json, where: string) => string,
  queueByArn: Map<string, string>,
  resolver: Resolver,
): StreamSourceDef {
  const criteria = isRecord(props.FilterCriteria) ? props.FilterCriteria : {};
  const filters = Array.isArray(criteria.Filters) ? criteria.Filters : [];
  const filterPatterns = filters
    .map((f) => (isRecord(f) && typeof f.Pattern === 'string' ? (JSON.parse(f.Pattern) as Json) : null))
    .filter((p): p is Json => p !== null);
  const destination =
    isRecord(props.DestinationConfig) && isRecord(props.DestinationConfig.OnFailure)
      ? props.DestinationConfig.OnFailure.Destination
      : undefined;
  let onFailureQueueLogicalId: string | undefined;
  if (destination !== undefined) {
    const att = getAttTarget(destination);
    onFailureQueueLogicalId =
      att?.[0] ?? queueByArn.get(resolver.resolveString(destination, `${logicalId}.DestinationConfig`));
  }
  const responseTypes = Array.isArray(props.FunctionResponseTypes) ? props.FunctionResponseTypes : [];
  return {
    logicalId,
    tableLogicalId,
    functionLogicalId: functionFrom(props.FunctionName, `${logicalId}.FunctionName`),
    batchSize: typeof props.BatchSize === 'number' ? props.BatchSize : 100,
    filterPatterns,
    startingPosition: props.StartingPosition === 'LATEST' ? 'LATEST' : 'TRIM_HORIZON',
    reportBatchItemFailures: responseTypes.includes('ReportBatchItemFailures'),
    bisectBatchOnFunctionError: props.BisectBatchOnFunctionError === true,
    maximumRetryAttempts: typeof props.MaximumRetryAttempts === 'number' ? props.MaximumRetryAttempts : -1,
    onFailureQueueLogicalId,
    enabled: props.Enabled !== false,
  };
}

const ofType = (template: CfnTemplate, type: string) =>
  Object.entries(template.Resources ?? {}).filter(([, resource]) => resource.Type === type);

/**
 * Extracts the stack model. References between API Gateway, Lambda and SQS resources are followed
 * structurally where CDK writes them as `Ref`/`Fn::GetAtt`, and through resolved ARNs otherwise.
 */
export function readStack(
  template: CfnTemplate,
  resolver: Resolver,
  physical: Record<string, Physical>,
): StackModel {
  assertSupported(template);
  const warnings: string[] = [];
  const functionByName = new Map<string, string>();
  const functionByArn = new Map<string, string>();
  const queueByArn = new Map<string, string>();
  for (const [id, value] of Object.entries(physical)) {
    const type = template.Resources[id]?.Type;
    if (type === 'AWS::Lambda::Function') {
      functionByName.set(value.ref, id);
      functionByArn.set(value.attrs.Arn, id);
    }
    if (type === 'AWS::SQS::Queue') queueByArn.set(value.attrs.Arn, id);
  }

  const functionFrom = (value: Json, where: string): string => {
    const att = getAttTarget(value);
    if (att && template.Resources[att[0]]?.Type === 'AWS::Lambda::Function') return att[0];
    const ref = refTarget(value);
    if (ref && template.Resources[ref]?.Type === 'AWS::Lambda::Function') return ref;
    const text = resolver.resolveString(value, where);
    const byArn = functionByArn.get(text) ?? functionByName.get(text);
    if (byArn) return byArn;
    const match = /function:([^/:]+)/.exec(text);
    const byName = match ? functionByName.get(match[1]) : undefined;
    if (byName) return byName;
    throw new TemplateError(`${where}: ${text} is not a Lambda function of this stack`);
  };

  const functions: LambdaDef[] = ofType(template, 'AWS::Lambda::Function').map(([logicalId, resource]) => {
    const props = resource.Properties ?? {};
    const code = isRecord(props.Code) ? props.Code : {};
    const environment =
      isRecord(props.Environment) && isRecord(props.Environment.Variables) ? props.Environment.Variables : {};
    const assetPath = resource.Metadata?.['aws:asset:path'];
    return {
      logicalId,
      handler: typeof props.Handler === 'string' ? props.Handler : 'index.handler',
      runtime: typeof props.Runtime === 'string' ? props.Runtime : 'nodejs22.x',
      timeoutSeconds: typeof props.Timeout === 'number' ? props.Timeout : 3,
      memoryMb: typeof props.MemorySize === 'number' ? props.MemorySize : 128,
      assetKey: typeof code.S3Key === 'string' ? code.S3Key : undefined,
      assetPath: typeof assetPath === 'string' ? assetPath : undefined,
      environment,
    };
  });

  const integrations = new Map<string, string>();
  for (const [id, resource] of ofType(template, 'AWS::ApiGatewayV2::Integration')) {
    const props = resource.Properties ?? {};
    if (props.IntegrationType !== 'AWS_PROXY') {
      warnings.push(
        `Integration ${id} (${String(props.IntegrationType)}) is not a Lambda proxy integration: skipped`,
      );
      continue;
    }
    if (props.PayloadFormatVersion !== undefined && props.PayloadFormatVersion !== '2.0') {
      warnings.push(
        `Integration ${id} uses payload format ${String(props.PayloadFormatVersion)}; the runner sends 2.0`,
      );
    }
    integrations.set(id, functionFrom(props.IntegrationUri, `${id}.IntegrationUri`));
  }

  const routes: RouteDef[] = [];
  for (const [logicalId, resource] of ofType(template, 'AWS::ApiGatewayV2::Route')) {
    const props = resource.Properties ?? {};
    const routeKey = resolver.resolveString(props.RouteKey, `${logicalId}.RouteKey`);
    const target =
      props.Target === undefined ? '' : resolver.resolveString(props.Target, `${logicalId}.Target`);
    const integrationId = target.replace(/^integrations\//, '');
    const functionLogicalId = integrations.get(integrationId);
    if (!functionLogicalId) {
      warnings.push(`Route ${routeKey} has no Lambda integration: skipped`);
      continue;
    }
    const [method, ...pathParts] = routeKey === '$default' ? ['ANY', '/{proxy+}'] : routeKey.split(' ');
    routes.push({
      logicalId,
      routeKey,
      method: method.toUpperCase(),
      path: pathParts.join(' '),
      functionLogicalId,
      authorizationType: typeof props.AuthorizationType === 'string' ? props.AuthorizationType : 'NONE',
      authorizerLogicalId: refTarget(props.AuthorizerId),
      authorizationScopes: Array.isArray(props.AuthorizationScopes)
        ? props.AuthorizationScopes.map(String)
        : [],
    });
  }

  const authorizers: AuthorizerDef[] = ofType(template, 'AWS::ApiGatewayV2::Authorizer').map(
    ([logicalId, resource]) => {
      const props = resource.Properties ?? {};
      const jwt = isRecord(props.JwtConfiguration) ? props.JwtConfiguration : {};
      return {
        logicalId,
        type: String(props.AuthorizerType),
        issuer: jwt.Issuer,
        audience: Array.isArray(jwt.Audience) ? jwt.Audience : [],
        identitySource: Array.isArray(props.IdentitySource) ? props.IdentitySource.map(String) : [],
      };
    },
  );

  const eventSources: EventSourceDef[] = [];
  const streamSources: StreamSourceDef[] = [];
  for (const [logicalId, resource] of ofType(template, 'AWS::Lambda::EventSourceMapping')) {
    const props = resource.Properties ?? {};
    const att = getAttTarget(props.EventSourceArn);
    if (att && att[1] === 'StreamArn' && isTableType(template.Resources[att[0]]?.Type)) {
      streamSources.push(streamSourceOf(logicalId, att[0], props, functionFrom, queueByArn, resolver));
      continue;
    }
    let queueLogicalId = att && template.Resources[att[0]]?.Type === 'AWS::SQS::Queue' ? att[0] : undefined;
    if (!queueLogicalId) {
      const arn = resolver.resolveString(props.EventSourceArn, `${logicalId}.EventSourceArn`);
      queueLogicalId = queueByArn.get(arn);
      if (!queueLogicalId) {
        warnings.push(`Event source ${logicalId} (${arn}) is not an SQS queue of this stack: skipped`);
        continue;
      }
    }
    const responseTypes = Array.isArray(props.FunctionResponseTypes) ? props.FunctionResponseTypes : [];
    eventSources.push({
      logicalId,
      queueLogicalId,
      functionLogicalId: functionFrom(props.FunctionName, `${logicalId}.FunctionName`),
      batchSize: typeof props.BatchSize === 'number' ? props.BatchSize : 10,
      reportBatchItemFailures: responseTypes.includes('ReportBatchItemFailures'),
      enabled: props.Enabled !== false,
    });
  }

  const schedules: ScheduleRuleDef[] = [];
  for (const [logicalId, resource] of ofType(template, 'AWS::Events::Rule')) {
    const props = resource.Properties ?? {};
    if (typeof props.ScheduleExpression !== 'string') continue;
    const targets = Array.isArray(props.Targets) ? props.Targets : [];
    for (const [i, target] of targets.entries()) {
      const att = isRecord(target) ? getAttTarget(target.Arn) : undefined;
      if (!att || template.Resources[att[0]]?.Type !== 'AWS::Lambda::Function') {
        warnings.push(`Rule ${logicalId} target ${i} is not a function of this stack: skipped`);
        continue;
      }
      schedules.push({
        logicalId,
        functionLogicalId: att[0],
        expression: props.ScheduleExpression,
        enabled: props.State !== 'DISABLED',
      });
    }
  }

  const topicSubscriptions: TopicSubscriptionDef[] = [];
  for (const [logicalId, resource] of ofType(template, 'AWS::SNS::Subscription')) {
    const props = resource.Properties ?? {};
    if (props.Protocol !== 'lambda') continue;
    const topic = refTarget(props.TopicArn);
    const att = getAttTarget(props.Endpoint);
    if (!topic || !att || template.Resources[att[0]]?.Type !== 'AWS::Lambda::Function') {
      warnings.push(`Subscription ${logicalId} is not from a topic to a function of this stack: skipped`);
      continue;
    }
    topicSubscriptions.push({ logicalId, topicLogicalId: topic, functionLogicalId: att[0] });
  }

  const sesEventDestinations: SesEventDestinationDef[] = [];
  for (const [logicalId, resource] of ofType(template, 'AWS::SES::ConfigurationSetEventDestination')) {
    const props = resource.Properties ?? {};
    const destination = isRecord(props.EventDestination) ? props.EventDestination : {};
    const set = refTarget(props.ConfigurationSetName);
    const sns = isRecord(destination.SnsDestination)
      ? refTarget(destination.SnsDestination.TopicARN)
      : undefined;
    if (!set || !sns) continue;
    sesEventDestinations.push({
      logicalId,
      configurationSetLogicalId: set,
      topicLogicalId: sns,
      events: (Array.isArray(destination.MatchingEventTypes) ? destination.MatchingEventTypes : []).map(
        (type) => String(type).toLowerCase(),
      ),
      enabled: destination.Enabled !== false,
    });
  }

  const named = (type: string): NamedResource[] =>
    ofType(template, type).map(([logicalId, resource]) => ({
      logicalId,
      properties: resource.Properties ?? {},
    }));

  const poolOf = (id: string, props: Record<string, Json>): string => {
    const pool = refTarget(props.UserPoolId);
    if (!pool) throw new TemplateError(`${id}.UserPoolId: expected a Ref to a user pool of this stack`);
    return pool;
  };

  return {
    functions,
    routes,
    authorizers,
    eventSources,
    streamSources,
    schedules,
    topicSubscriptions,
    sesEventDestinations,
    tables: [...named('AWS::DynamoDB::Table'), ...named('AWS::DynamoDB::GlobalTable')],
    queues: named('AWS::SQS::Queue'),
    buckets: named('AWS::S3::Bucket'),
    userPools: named('AWS::Cognito::UserPool'),
    userPoolClients: named('AWS::Cognito::UserPoolClient').map((item) => ({
      ...item,
      userPoolLogicalId: poolOf(item.logicalId, item.properties),
    })),
    userPoolGroups: named('AWS::Cognito::UserPoolGroup').map((item) => ({
      ...item,
      userPoolLogicalId: poolOf(item.logicalId, item.properties),
      groupName: typeof item.properties.GroupName === 'string' ? item.properties.GroupName : item.logicalId,
    })),
    secrets: named('AWS::SecretsManager::Secret'),
    warnings,
  };
}

/** A JWT authorizer's issuer for a Cognito pool, moved onto cognito-local, which issues `<origin>/<poolId>`. */
export function localIssuer(issuer: string, cognitoOrigin: string): string {
  const match = /^https:\/\/cognito-idp\.[^.]+\.amazonaws\.com\/(.+)$/.exec(issuer);
  return match ? `${cognitoOrigin}/${match[1]}` : issuer;
}

export interface SiteConfig {
  /** Bucket logical id behind the `/images/*` behaviour, when the distribution has one. */
  imagesBucketLogicalId?: string;
  /** Header name -> value from the default behaviour's response headers policy. */
  securityHeaders: Record<string, string>;
  /**
   * Header name -> value CloudFront adds to requests for the `/api/*` origin (the origin secret), values as
   * resolved from the template: a secret's dynamic reference stays a `{{resolve:secretsmanager:...}}` string.
   */
  apiOriginHeaders: Record<string, string>;
}

const SECRET_REFERENCE = /^\{\{resolve:secretsmanager:.+:SecretString:([^:}]+)(?::[^:}]*){0,2}\}\}$/;

/**
 * A `{{resolve:secretsmanager:<arn>:SecretString:<key>...}}` dynamic reference resolved against the local
 * secret file (every secret of the template lands in that one file), as CloudFormation resolves it at deploy
 * time; any other value is returned as it is.
 */
export function resolveSecretReference(
  value: string,
  readSecret: (key: string) => string | undefined,
): string {
  const match = SECRET_REFERENCE.exec(value);
  if (!match) return value;
  const resolved = readSecret(match[1]);
  if (resolved === undefined || resolved === '')
    throw new TemplateError(`The local secret file has no value for ${match[1]}`);
  return resolved;
}

/** What the local site copies from the CloudFront distribution: the images origin and the security headers. */
export function readSiteConfig(template: CfnTemplate, resolver: Resolver): SiteConfig {
  const distribution = ofType(template, 'AWS::CloudFront::Distribution')[0]?.[1];
  const config = isRecord(distribution?.Properties?.DistributionConfig)
    ? distribution.Properties.DistributionConfig
    : {};
  const origins = Array.isArray(config.Origins) ? config.Origins.filter(isRecord) : [];
  const behaviours = Array.isArray(config.CacheBehaviors) ? config.CacheBehaviors.filter(isRecord) : [];
  let imagesBucketLogicalId: string | undefined;
  const images = behaviours.find(
    (b) => typeof b.PathPattern === 'string' && /^\/?images\/\*$/.test(b.PathPattern),
  );
  if (images) {
    const origin = origins.find((o) => o.Id === images.TargetOriginId);
    const att = getAttTarget(origin?.DomainName);
    if (att && template.Resources[att[0]]?.Type === 'AWS::S3::Bucket') imagesBucketLogicalId = att[0];
  }
  const defaults = isRecord(config.DefaultCacheBehavior) ? config.DefaultCacheBehavior : {};
  const policyId =
    refTarget(defaults.ResponseHeadersPolicyId) ?? getAttTarget(defaults.ResponseHeadersPolicyId)?.[0];
  const raw = policyId ? template.Resources[policyId]?.Properties?.ResponseHeadersPolicyConfig : undefined;
  const policy =
    raw === undefined ? undefined : resolver.resolve(raw, `${policyId}.ResponseHeadersPolicyConfig`);
  const api = behaviours.find((b) => typeof b.PathPattern === 'string' && /^\/?api\/\*$/.test(b.PathPattern));
  const apiOrigin = api ? origins.find((o) => o.Id === api.TargetOriginId) : undefined;
  const apiOriginHeaders: Record<string, string> = {};
  const custom = apiOrigin?.OriginCustomHeaders;
  for (const header of Array.isArray(custom) ? custom.filter(isRecord) : []) {
    const name = resolver.resolveString(header.HeaderName, 'Origins.OriginCustomHeaders.HeaderName');
    apiOriginHeaders[name.toLowerCase()] = resolver.resolveString(
      header.HeaderValue,
      `Origins.OriginCustomHeaders.${name}`,
    );
  }
  return {
    imagesBucketLogicalId,
    securityHeaders: isRecord(policy) ? securityHeadersOf(policy) : {},
    apiOriginHeaders,
  };
}

function securityHeadersOf(policy: Record<string, Json>): Record<string, string> {
  const headers: Record<string, string> = {};
  const security = isRecord(policy.SecurityHeadersConfig) ? policy.SecurityHeadersConfig : {};
  const section = (key: string) => (isRecord(security[key]) ? security[key] : undefined);
  if (section('ContentTypeOptions')) headers['x-content-type-options'] = 'nosniff';
  const frame = section('FrameOptions');
  if (frame && typeof frame.FrameOption === 'string') headers['x-frame-options'] = frame.FrameOption;
  const referrer = section('ReferrerPolicy');
  if (referrer && typeof referrer.ReferrerPolicy === 'string')
    headers['referrer-policy'] = referrer.ReferrerPolicy;
  const csp = section('ContentSecurityPolicy');
  if (csp && typeof csp.ContentSecurityPolicy === 'string')
    headers['content-security-policy'] = csp.ContentSecurityPolicy;
  const xss = section('XSSProtection');
  if (xss) {
    headers['x-xss-protection'] = xss.Protection ? `1${xss.ModeBlock ? '; mode=block' : ''}` : '0';
  }
  // Strict-Transport-Security is left out on purpose: the local site is plain HTTP.
  const custom =
    isRecord(policy.CustomHeadersConfig) && Array.isArray(policy.CustomHeadersConfig.Items)
      ? policy.CustomHeadersConfig.Items
      : [];
  for (const item of custom.filter(isRecord)) {
    if (typeof item.Header === 'string' && typeof item.Value === 'string')
      headers[item.Header.toLowerCase()] = item.Value;
  }
  return headers;
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
    const pascal = known.find((name) =>
      base.includes(
        name
          .split('-')
          .map((w) => w[0].toUpperCase() + w.slice(1))
          .join(''),
      ),
    );
    const alias = pascal ? `${pascal}${/DeadLetter|Dlq/i.test(base) ? '-dlq' : ''}` : queue.name;
    aliases[queue.logicalId] = Object.values(aliases).includes(alias) ? queue.name : alias;
  }
  return aliases;
}
