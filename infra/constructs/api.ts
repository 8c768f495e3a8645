import { Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDef } from '../../shared/routes.js';
import type { StageConfig, Throttle } from '../stage-config.js';
import { AppFunction } from './app-function.js';

export interface ApiProps {
  config: StageConfig;
  routes: Record<string, RouteDef>;
  functionsDir: string;
  userPool: cognito.UserPool;
  userPoolClient: cognito.UserPoolClient;
  /**
   * The API's own custom domain (`api.<domain>`), CloudFront's origin. With one, the execute-api endpoint is
   * switched off, so the API answers on that name only.
   */
  customDomain?: apigwv2.IDomainName;
  /** Fixed role names by route key (AppFunctionProps.roleName). */
  roleNames?: Record<string, string>;
}

export interface RouteFunction {
  key: string;
  def: RouteDef;
  fn: AppFunction;
  route: apigwv2.HttpRoute;
}

/**
 * The HTTP API: one Lambda and one route per row of the route table. The API, its stage and logs live in the
 * parent stack; each route's function, role, log group, integration, permission and route (seven resources a
 * row) live in a nested stack per audience (public, admin), so the route table can grow without meeting
 * CloudFormation's 500 resources per stack. The local runner reads the nested templates as part of the parent.
 */
export class Api extends Construct {
  public readonly httpApi: apigwv2.HttpApi;
  public readonly stage: apigwv2.HttpStage;
  public readonly authorizer: HttpJwtAuthorizer;
  public readonly routes: RouteFunction[];

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config } = props;

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: `Buyback API (${config.stage})`,
      // Our own $default stage below carries access logging and throttling.
      createDefaultStage: false,
      disableExecuteApiEndpoint: props.customDomain !== undefined,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: config.apiThrottle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    if (props.customDomain) {
      new apigwv2.ApiMapping(this, 'DomainMapping', {
        api: this.httpApi,
        domainName: props.customDomain,
        stage: this.stage,
      });
    }

    // Proves the caller signed in to our pool; membership of the admin group is checked by the handler from the
    // token's cognito:groups claim (an HTTP API JWT authorizer can only check scopes). The issuer is spelled out
    // because the pool's ProviderURL attribute already carries the scheme, which is easy to double.
    const { region, urlSuffix } = Stack.of(this);
    this.authorizer = new HttpJwtAuthorizer(
      'AdminAuthorizer',
      `https://cognito-idp.${region}.${urlSuffix}/${props.userPool.userPoolId}`,
      { jwtAudience: [props.userPoolClient.userPoolClientId] },
    );

    const groups: Record<RouteDef['auth'], NestedStack> = {
      public: new NestedStack(this, 'PublicRoutes', {
        description: `Buyback public routes (${config.stage})`,
      }),
      admin: new NestedStack(this, 'AdminRoutes', { description: `Buyback admin routes (${config.stage})` }),
    };
    this.routes = Object.entries(props.routes).map(([key, def]) => {
      const group = groups[def.auth];
      const fn = new AppFunction(group, key, {
        config,
        functionKey: key,
        functionsDir: props.functionsDir,
        timeout: Duration.seconds(def.timeoutSeconds ?? 10),
        description: `${def.method} ${def.path}`,
        memorySize: def.memoryMb,
        reservedConcurrency: def.webhook ? config.webhookReservedConcurrency : undefined,
        roleName: props.roleNames?.[key],
      });
      const route = new apigwv2.HttpRoute(group, `${key}Route`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(def.path, apigwv2.HttpMethod[def.method]),
        integration: new HttpLambdaIntegration(`${key}Integration`, fn.function),
        authorizer: def.auth === 'admin' ? this.authorizer : undefined,
      });
      if (def.auth === 'public') {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${def.method} ${def.path} is public in the route table: visitors use it without signing in.`,
        });
      }
      return { key, def, fn, route };
    });

    // Per-route throttles on the stage. They name routes by key, so the stage waits for the nested stacks.
    const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      this.routes.map(({ def }) => [
        `${def.method} ${def.path}`,
        throttleSettings(routeThrottle(def, config)),
      ]),
    );
    this.stage.node.addDependency(groups.public, groups.admin);
  }
}

/** A public route that writes (not a provider's webhook) gets the tighter throttle; every other its own share. */
export function routeThrottle(def: RouteDef, config: StageConfig): Throttle {
  return def.auth === 'public' && def.method !== 'GET' && !def.webhook
    ? config.publicWriteThrottle
    : config.routeThrottle;
}

const throttleSettings = (throttle: Throttle) => ({
  ThrottlingRateLimit: throttle.rateLimit,
  ThrottlingBurstLimit: throttle.burstLimit,
});
