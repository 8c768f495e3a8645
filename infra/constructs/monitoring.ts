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

/** An error alarm per function, and one topic that all alarms notify when an address is configured. */
export class Monitoring extends Construct {
  public readonly alarmTopic?: sns.Topic;
  public readonly errorAlarms: cloudwatch.Alarm[];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);

    this.errorAlarms = props.functions.map(
      ({ key, function: fn }) =>
        new cloudwatch.Alarm(this, `${key}Errors`, {
          alarmDescription: `${key} threw (an unhandled error, a timeout or a crash).`,
          metric: fn.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );

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
