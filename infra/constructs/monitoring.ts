import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  LABEL_FAILURES_METRIC,
  METRICS_NAMESPACE,
  OUTBOX_FAILURES_METRIC,
} from '../../shared/runtime-env.js';
import type { StageConfig } from '../stage-config.js';

export interface MonitoringProps {
  config: StageConfig;
  /** Alarms made elsewhere (the dead-letter alarms) that should notify too. */
  alarms: cloudwatch.Alarm[];
  functions: Array<{ key: string; function: lambda.IFunction }>;
  httpApi: apigwv2.IHttpApi;
  /** The job queues, by name: the age of their oldest message. */
  queues: Record<string, sqs.IQueue>;
  table: dynamodb.ITable;
  /** The schedules' EventBridge rules: failed invocations. */
  scheduleRules: events.IRule[];
}

const FIVE_MINUTES = Duration.minutes(5);

/** Most metrics one metric math alarm may use. */
const ALARM_METRICS_MAX = 10;

/**
 * An error alarm per ten functions, the service alarms (throttles, API 5xx, queue age, table throttles, SES
 * reputation, schedules, labels failing), and one topic that all alarms notify when an address is configured.
 */
export class Monitoring extends Construct {
  public readonly alarmTopic?: sns.Topic;
  public readonly errorAlarms: cloudwatch.Alarm[];
  public readonly serviceAlarms: cloudwatch.Alarm[];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);

    // CloudWatch alarms on a metric math expression take at most 10 metrics: one alarm per 10 functions keeps
    // the stack well under CloudFormation's 500 resources (an alarm per function was 60 of them).
    const groups: Array<MonitoringProps['functions']> = [];
    for (let i = 0; i < props.functions.length; i += ALARM_METRICS_MAX) {
      groups.push(props.functions.slice(i, i + ALARM_METRICS_MAX));
    }
    this.errorAlarms = groups.map((group, index) => {
      const usingMetrics = Object.fromEntries(
        group.map(({ function: fn }, i) => [
          `e${i}`,
          fn.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
        ]),
      );
      const names = group.map(({ key }) => key).join(', ');
      return new cloudwatch.Alarm(this, `FunctionErrors${index + 1}`, {
        alarmDescription: `One of these functions threw (an unhandled error, a timeout or a crash): ${names}. Its Errors metric and logs say which.`,
        metric: new cloudwatch.MathExpression({
          expression: Object.keys(usingMetrics)
            .map((id) => `FILL(${id}, 0)`)
            .join(' + '),
          usingMetrics,
          period: Duration.minutes(5),
          label: `Errors: ${names}`,
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    });

    this.serviceAlarms = this.serviceAlarmsOf(props);

    if (props.config.alarmEmail) {
      this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
        displayName: `Buyback alarms (${props.config.stage})`,
        enforceSSL: true,
      });
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.config.alarmEmail));
      const action = new actions.SnsAction(this.alarmTopic);
      for (const alarm of [...props.alarms, ...this.errorAlarms, ...this.serviceAlarms]) {
        alarm.addAlarmAction(action);
      }
    }
  }

  /** What a serverless operator watches beyond errors; docs/operations.md has a runbook for each. */
  private serviceAlarmsOf(props: MonitoringProps): cloudwatch.Alarm[] {
    const alarm = (
      id: string,
      description: string,
      metric: cloudwatch.IMetric,
      threshold: number,
      { evaluationPeriods = 1, runbook = id }: { evaluationPeriods?: number; runbook?: string } = {},
    ) =>
      new cloudwatch.Alarm(this, id, {
        alarmDescription: `${description} Runbook: docs/operations.md, section "${runbook}".`,
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    const sum = { period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM };
    const sumOf = (label: string, metrics: cloudwatch.IMetric[]) =>
      new cloudwatch.MathExpression({
        expression: metrics.map((_, i) => `FILL(m${i}, 0)`).join(' + '),
        usingMetrics: Object.fromEntries(metrics.map((metric, i) => [`m${i}`, metric])),
        period: FIVE_MINUTES,
        label,
      });

    const alarms = [
      alarm(
        'LambdaThrottles',
        'Lambda refused invocations for lack of concurrency (any function of this account and region).',
        new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', ...sum }),
        1,
      ),
      alarm(
        'ApiServerErrors',
        'More than 5% of API requests failed with a 5xx over two five-minute periods (at least 20 requests).',
        new cloudwatch.MathExpression({
          expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
          usingMetrics: {
            errors: props.httpApi.metricServerError(sum),
            requests: props.httpApi.metricCount(sum),
          },
          period: FIVE_MINUTES,
          label: 'API 5xx (% of requests)',
        }),
        5,
        { evaluationPeriods: 2 },
      ),
      ...Object.entries(props.queues).map(([name, queue]) =>
        alarm(
          `QueueAge${name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}`,
          `A ${name} message has waited more than 30 minutes: its worker is failing, throttled or stopped.`,
          queue.metricApproximateAgeOfOldestMessage({
            period: FIVE_MINUTES,
            statistic: cloudwatch.Stats.MAXIMUM,
          }),
          30 * 60,
        ),
      ),
      alarm(
        'TableThrottles',
        'DynamoDB throttled reads or writes on the table.',
        sumOf('Table throttle events', [
          props.table.metric('ReadThrottleEvents', sum),
          props.table.metric('WriteThrottleEvents', sum),
        ]),
        1,
      ),
      // SES reviews an account at 5% bounces and 0.1% complaints, and may pause its sending past 10% and 0.5%.
      alarm(
        'SesBounceRate',
        'The account bounce rate reached 5%: SES may pause sending.',
        new cloudwatch.Metric({
          namespace: 'AWS/SES',
          metricName: 'Reputation.BounceRate',
          period: Duration.hours(1),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        0.05,
        { runbook: 'SesBounceRate and SesComplaintRate' },
      ),
      alarm(
        'SesComplaintRate',
        'The account complaint rate reached 0.1%: SES may pause sending.',
        new cloudwatch.Metric({
          namespace: 'AWS/SES',
          metricName: 'Reputation.ComplaintRate',
          period: Duration.hours(1),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        0.001,
        { runbook: 'SesBounceRate and SesComplaintRate' },
      ),
      alarm(
        'LabelPermanentFailures',
        'A label job failed for good: a seller has no label (a missing or refused EasyPost key fails every one).',
        new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: LABEL_FAILURES_METRIC,
          dimensionsMap: { Stage: props.config.stage },
          ...sum,
        }),
        1,
      ),
      alarm(
        'OutboxPermanentFailures',
        'An owed e-mail can never be delivered (the queue refused its message, or its order, ticket or template cannot make it): that seller or the shop never gets it.',
        new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: OUTBOX_FAILURES_METRIC,
          dimensionsMap: { Stage: props.config.stage },
          ...sum,
        }),
        1,
      ),
    ];
    if (props.scheduleRules.length > 0) {
      alarms.push(
        alarm(
          'ScheduleFailures',
          'EventBridge could not invoke a scheduled function (e.g. the daily refund of unused labels).',
          sumOf(
            'Failed schedule invocations',
            props.scheduleRules.map(
              (rule) =>
                new cloudwatch.Metric({
                  namespace: 'AWS/Events',
                  metricName: 'FailedInvocations',
                  dimensionsMap: { RuleName: rule.ruleName },
                  ...sum,
                }),
            ),
          ),
          1,
        ),
      );
    }
    return alarms;
  }
}
