import { Duration, Validations } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StreamConsumerDef } from '../../shared/routes.js';
import type { StageConfig } from '../stage-config.js';
import { AppFunction } from './app-function.js';
import { deadLetterQueueWithAlarm } from './jobs.js';

export interface OutboxProps {
  config: StageConfig;
  /** The one table; its stream (new images) feeds the consumers. */
  table: dynamodb.Table;
  consumers: Record<string, StreamConsumerDef>;
  functionsDir: string;
}

export interface StreamConsumer {
  key: string;
  def: StreamConsumerDef;
  fn: AppFunction;
}

/**
 * The e-mail outbox: consumers of the table's stream, each seeing only inserted items of its entity (filter
 * criteria, so other writes never invoke it). A failing batch is split (bisect) and retried, the failing
 * record reported (ReportBatchItemFailures); a record still failing after its retries goes to the
 * dead-letter queue (as a pointer to the stream record), whose first message raises the alarm.
 */
export class Outbox extends Construct {
  public readonly consumers: StreamConsumer[];
  public readonly deadLetterQueue: sqs.Queue;
  public readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: OutboxProps) {
    super(scope, id);
    const deadLetters = deadLetterQueueWithAlarm(
      this,
      'An outbox stream record failed all its retries: an owed e-mail was not queued (its outbox record stays pending).',
      props.config.removalPolicy,
    );
    this.deadLetterQueue = deadLetters.queue;
    this.deadLetterAlarm = deadLetters.alarm;
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "This queue is the stream consumers' on-failure destination (a dead-letter queue of the event source mapping, which cdk-nag does not see).",
    });
    this.consumers = Object.entries(props.consumers).map(([key, def]) => {
      const fn = new AppFunction(this, key, {
        config: props.config,
        functionKey: key,
        functionsDir: props.functionsDir,
        timeout: Duration.seconds(def.timeoutSeconds),
        description: `${key}: the table's stream (${def.entity} inserts)`,
      });
      fn.function.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: def.batchSize,
          bisectBatchOnError: true,
          retryAttempts: def.retryAttempts,
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(this.deadLetterQueue),
          filters: [
            lambda.FilterCriteria.filter({
              eventName: lambda.FilterRule.isEqual('INSERT'),
              dynamodb: { NewImage: { entity: { S: lambda.FilterRule.isEqual(def.entity) } } },
            }),
          ],
        }),
      );
      Validations.of(fn).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          "dynamodb:ListStreams, which the event source mapping's stream read needs, has no resource-level permission; the stream itself is granted by its ARN.",
      });
      return { key, def, fn };
    });
  }
}
