/**
 * The stack model: what the runner needs from the template (functions, routes, authorizers, event sources,
 * schedules, subscriptions and the resources to create), with references still unresolved where they depend on
 * emulator-generated ids. Pure.
 */
import {
  assertSupported,
  type CfnTemplate,
  isRecord,
  type Json,
  type Physical,
  type Resolver,
  TemplateError,
} from './intrinsics.js';

export interface LambdaDef {
  logicalId: string;
  handler: string;
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** The asset's object key (`<hash>.zip`), mapped to `cdk.out/asset.<hash>` through the asset manifest. */
  assetKey?: string;
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
  issuer: Json;
  audience: Json[];
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
const num = (value: Json, fallback: number) => (typeof value === 'number' ? value : fallback);
const text = (value: Json, fallback: string) => (typeof value === 'string' ? value : fallback);
const list = (value: Json): Json[] => (Array.isArray(value) ? value : []);
const record = (value: Json): Record<string, Json> => (isRecord(value) ? value : {});

export const refTarget = (value: Json): string | undefined =>
  isRecord(value) && typeof value.Ref === 'string' ? value.Ref : undefined;

export const getAttTarget = (value: Json): [string, string] | undefined => {
  if (!isRecord(value)) return undefined;
  const arg = value['Fn::GetAtt'];
  if (Array.isArray(arg)) return [String(arg[0]), String(arg[1])];
  if (typeof arg === 'string') {
    const [id, ...rest] = arg.split('.');
    return [id, rest.join('.')];
  }
  return undefined;
};

/**
 * Filter rules the runner matches: exact values (CDK's `FilterRule.isEqual`), the only kind the stack uses. Any
 * other (prefix, exists, numeric...) fails here, naming itself, rather than matching wrongly.
 */
export function assertExactRules(pattern: Json, where: string): void {
  for (const [key, rule] of Object.entries(record(pattern))) {
    const operator = Array.isArray(rule)
      ? rule.find((value) => typeof value === 'object' && value !== null)
      : undefined;
    if (operator !== undefined)
      throw new TemplateError(
        `${where}.${key}: the filter rule ${JSON.stringify(operator)} is not supported by the local runner, which matches exact values`,
      );
    if (!Array.isArray(rule)) assertExactRules(rule, `${where}.${key}`);
  }
}

/** A stream event source mapping's settings, with Lambda's defaults where the template leaves them out. */
function streamSourceOf(
  logicalId: string,
  tableLogicalId: string,
  props: Record<string, Json>,
  functionFrom: (value: Json, where: string) => string,
  queueByArn: Map<string, string>,
  resolver: Resolver,
): StreamSourceDef {
  const filterPatterns = list(record(props.FilterCriteria).Filters)
    .map((f) => (isRecord(f) && typeof f.Pattern === 'string' ? (JSON.parse(f.Pattern) as Json) : null))
    .filter((p): p is Json => p !== null);
  for (const pattern of filterPatterns) assertExactRules(pattern, `${logicalId}.FilterCriteria`);
  const destination = record(record(props.DestinationConfig).OnFailure).Destination;
  let onFailureQueueLogicalId: string | undefined;
  if (destination !== undefined) {
    const att = getAttTarget(destination);
    onFailureQueueLogicalId =
      att?.[0] ?? queueByArn.get(resolver.resolveString(destination, `${logicalId}.DestinationConfig`));
  }
  return {
    logicalId,
    tableLogicalId,
    functionLogicalId: functionFrom(props.FunctionName, `${logicalId}.FunctionName`),
    batchSize: num(props.BatchSize, 100),
    filterPatterns,
    startingPosition: props.StartingPosition === 'LATEST' ? 'LATEST' : 'TRIM_HORIZON',
    reportBatchItemFailures: list(props.FunctionResponseTypes).includes('ReportBatchItemFailures'),
    bisectBatchOnFunctionError: props.BisectBatchOnFunctionError === true,
    maximumRetryAttempts: num(props.MaximumRetryAttempts, -1),
    onFailureQueueLogicalId,
    enabled: props.Enabled !== false,
  };
}

/** Routes run open (NONE) or behind a JWT authorizer locally; any other kind fails, naming itself. */
function supportedAuthorization(type: string, logicalId: string): string {
  if (type === 'NONE' || type === 'JWT') return type;
  throw new TemplateError(
    `${logicalId}: ${type} authorization is not supported by the local runner, which runs JWT`,
  );
}

export const ofType = (template: CfnTemplate, type: string) =>
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
  const queueByArn = new Map<string, string>();
  for (const [id, value] of Object.entries(physical)) {
    const type = template.Resources[id]?.Type;
    if (type === 'AWS::Lambda::Function') functionByName.set(value.ref, id);
    if (type === 'AWS::SQS::Queue') queueByArn.set(value.attrs.Arn, id);
  }

  const functionFrom = (value: Json, where: string): string => {
    const att = getAttTarget(value);
    if (att && template.Resources[att[0]]?.Type === 'AWS::Lambda::Function') return att[0];
    const ref = refTarget(value);
    if (ref && template.Resources[ref]?.Type === 'AWS::Lambda::Function') return ref;
    // A name, an ARN, or an integration URI holding the ARN.
    const text = resolver.resolveString(value, where);
    const byName = functionByName.get(/function:([^/:]+)/.exec(text)?.[1] ?? text);
    if (byName) return byName;
    throw new TemplateError(`${where}: ${text} is not a Lambda function of this stack`);
  };

  const functions: LambdaDef[] = ofType(template, 'AWS::Lambda::Function').map(([logicalId, resource]) => {
    const props = resource.Properties ?? {};
    return {
      logicalId,
      handler: text(props.Handler, 'index.handler'),
      runtime: text(props.Runtime, 'nodejs22.x'),
      timeoutSeconds: num(props.Timeout, 3),
      memoryMb: num(props.MemorySize, 128),
      assetKey: text(record(props.Code).S3Key, '') || undefined,
      environment: record(record(props.Environment).Variables),
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
      authorizationType: supportedAuthorization(text(props.AuthorizationType, 'NONE'), logicalId),
      authorizerLogicalId: refTarget(props.AuthorizerId),
      authorizationScopes: list(props.AuthorizationScopes).map(String),
    });
  }

  const authorizers: AuthorizerDef[] = ofType(template, 'AWS::ApiGatewayV2::Authorizer').map(
    ([logicalId, resource]) => {
      const props = resource.Properties ?? {};
      const jwt = record(props.JwtConfiguration);
      supportedAuthorization(String(props.AuthorizerType), logicalId);
      return {
        logicalId,
        issuer: jwt.Issuer,
        audience: list(jwt.Audience),
      };
    },
  );

  const eventSources: EventSourceDef[] = [];
  const streamSources: StreamSourceDef[] = [];
  for (const [logicalId, resource] of ofType(template, 'AWS::Lambda::EventSourceMapping')) {
    const props = resource.Properties ?? {};
    const att = getAttTarget(props.EventSourceArn);
    if (att && att[1] === 'StreamArn' && template.Resources[att[0]]?.Type === 'AWS::DynamoDB::Table') {
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
    eventSources.push({
      logicalId,
      queueLogicalId,
      functionLogicalId: functionFrom(props.FunctionName, `${logicalId}.FunctionName`),
      batchSize: num(props.BatchSize, 10),
      reportBatchItemFailures: list(props.FunctionResponseTypes).includes('ReportBatchItemFailures'),
      enabled: props.Enabled !== false,
    });
  }

  const schedules: ScheduleRuleDef[] = [];
  for (const [logicalId, resource] of ofType(template, 'AWS::Events::Rule')) {
    const props = resource.Properties ?? {};
    if (typeof props.ScheduleExpression !== 'string') continue;
    for (const [i, target] of list(props.Targets).entries()) {
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
    const destination = record(props.EventDestination);
    const set = refTarget(props.ConfigurationSetName);
    const sns = refTarget(record(destination.SnsDestination).TopicARN);
    if (!set || !sns) continue;
    sesEventDestinations.push({
      logicalId,
      configurationSetLogicalId: set,
      topicLogicalId: sns,
      events: list(destination.MatchingEventTypes).map((type) => String(type).toLowerCase()),
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
    tables: named('AWS::DynamoDB::Table'),
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
      groupName: text(item.properties.GroupName, item.logicalId),
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
