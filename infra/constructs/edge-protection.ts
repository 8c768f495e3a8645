import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.js';

export interface EdgeProtectionProps {
  config: StageConfig;
}

/** Requests per client IP in five minutes to the public write routes (checkout, lookup, tickets, labels). */
export const PUBLIC_WRITES_PER_FIVE_MINUTES = 100;

/**
 * The path as the API will route it: percent-decoded, then with `//`, `/./` and `/../` resolved. Matched raw,
 * `/api/x/..%2fadmin/...` or `/api//admin/` would slip past (or into) an exception.
 */
export const PATH_TRANSFORMATIONS: wafv2.CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'NORMALIZE_PATH' },
];

const startsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: PATH_TRANSFORMATIONS,
  },
});
const not = (statement: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.StatementProperty => ({
  notStatement: { statement },
});

/**
 * The WAF web ACL in front of CloudFront (prod): AWS's managed rules for IP reputation, common exploits and
 * known bad inputs, and a per-IP rate rule on the public write routes. The Lambdas keep their own, finer limits
 * (functions/lib/rate-limit.ts); this stops floods before they cost an invocation. A CloudFront ACL must be
 * created in us-east-1, so a stage with one deploys there (stage-config.ts).
 */
export class EdgeProtection extends Construct {
  public readonly webAcl: wafv2.CfnWebACL;
  /** Requests the ACL blocked or counted, staff tokens redacted (WAF's name prefix is required). */
  public readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: EdgeProtectionProps) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `buyback-${props.config.stage}-${metricName}`,
      sampledRequestsEnabled: true,
    });
    const managed = (
      priority: number,
      name: string,
      scopeDownStatement?: wafv2.CfnWebACL.StatementProperty,
      countOnly: string[] = [],
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          scopeDownStatement,
          ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: `Buyback edge protection, ${props.config.stage}`,
      visibilityConfig: visibility('web-acl'),
      rules: [
        managed(0, 'AWSManagedRulesAmazonIpReputationList'),
        // Staff routes carry e-mail templates (HTML) and CSV imports the common rules would read as attacks; they
        // are behind Cognito sign-in and validated by the Lambdas. Public request bodies stay small (8 KB).
        managed(1, 'AWSManagedRulesCommonRuleSet', not(startsWith('/api/admin/'))),
        managed(2, 'AWSManagedRulesKnownBadInputsRuleSet'),
        {
          name: 'PublicWritesPerIp',
          priority: 3,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              limit: PUBLIC_WRITES_PER_FIVE_MINUTES,
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { method: {} },
                        positionalConstraint: 'EXACTLY',
                        searchString: 'POST',
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                    startsWith('/api/'),
                    not(startsWith('/api/admin/')),
                    // Providers' webhooks come from few addresses in bursts and are signed.
                    not(startsWith('/api/webhooks/')),
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('public-writes-per-ip'),
        },
      ],
    });

    const logGroupName = `aws-waf-logs-${Stack.of(this).stackName}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // WAF takes the log group's ARN without the `:*` CloudFormation's Arn attribute ends with.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      // A staff member's bearer token must not sit in a log readers of logs can replay.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
      // What was blocked or counted is what someone investigates; allowed traffic is in CloudFront's logs.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
  }
}
