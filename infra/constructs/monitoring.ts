import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.js';

export interface MonitoringProps {
  config: StageConfig;
  /** Alarms made elsewhere (the dead-letter alarms) that should notify too. */
  alarms: cloudwatch.Alarm[];
  functions: Array<{ key: string; function: lambda.IFunction }>;
}

/** Most metrics one metric math alarm may use. */
const ALARM_METRICS_MAX = 10;

/** An error alarm per ten functions, and one topic that all alarms notify when an address is configured. */
export class Monitoring extends Construct {
  public readonly alarmTopic?: sns.Topic;
  public readonly errorAlarms: cloudwatch.Alarm[];

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

    if (props.config.alarmEmail) {
      this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
        displayName: `Buyback alarms (${props.config.stage})`,
        enforceSSL: true,
      });
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.config.alarmEmail));
      const action = new actions.SnsAction(this.alarmTopic);
      for (const alarm of [...props.alarms, ...this.errorAlarms]) alarm.addAlarmAction(action);
    }
  }
}
