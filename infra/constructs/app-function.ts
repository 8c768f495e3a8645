import path from 'node:path';
import { type Duration, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import * as ENV from '../../shared/env-vars.js';
import type { StageConfig } from '../stage-config.js';

export interface AppFunctionProps {
  config: StageConfig;
  /** The route or worker key; its bundle is `<functionsDir>/<key>/index.js`. */
  functionKey: string;
  functionsDir: string;
  timeout: Duration;
  description: string;
  /** Defaults to 256 MB. */
  memorySize?: number;
  /** Concurrency kept for this function alone (and its ceiling); none by default. */
  reservedConcurrency?: number;
  /**
   * A fixed name for the role, only where a policy must name it before it exists (the payout key's policy:
   * infra/constructs/data.ts); CloudFormation's generated name otherwise.
   */
  roleName?: string;
}

/**
 * One Lambda of the route or worker table: bundled code, its own log group with the stage's retention, and its
 * own role that starts with nothing but writing to that log group; the stack adds the row's capabilities.
 */
export class AppFunction extends Construct {
  public readonly function: lambda.Function;
  public readonly role: iam.Role;
  public readonly logGroup: logs.LogGroup;
  /** The row's key in its table (`listProducts`, `emailWorker`...). */
  public readonly functionKey: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { config } = props;
    this.functionKey = props.functionKey;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    // A role of our own instead of AWSLambdaBasicExecutionRole, which may write to any log group.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.functionKey} (${config.stage})`,
      roleName: props.roleName,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new lambda.Function(this, 'Function', {
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(path.join(props.functionsDir, props.functionKey)),
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      // JSON lines carry the request id; functions/lib/log.ts adds the function's key (FUNCTION_KEY) to its own.
      loggingFormat: lambda.LoggingFormat.JSON,
      tracing: config.tracing ? lambda.Tracing.ACTIVE : lambda.Tracing.DISABLED,
      reservedConcurrentExecutions: props.reservedConcurrency || undefined,
      environment: { [ENV.functionKey]: props.functionKey },
    });

    if (config.tracing) {
      Validations.of(this).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Active tracing: xray:PutTraceSegments and PutTelemetryRecords have no resource-level permissions, so X-Ray only accepts "*".',
      });
    }
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is pinned on purpose: bundles target node22 and the same code runs on the local stack (Node 20); moving to 24 is a deliberate upgrade, not a drift.',
    });
  }
}
