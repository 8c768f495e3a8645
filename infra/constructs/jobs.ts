import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import * as ENV from '../../shared/env-vars.js';
import { JOB_MAX_RECEIVES, type QueueName, type WorkerDef } from '../../shared/routes.js';
import type { StageConfig } from '../stage-config.js';
import { AppFunction } from './app-function.js';

export const QUEUE_NAMES: readonly QueueName[] = ['label-jobs', 'email-jobs', 'sms-jobs'];

/** Used when no worker consumes the queue yet. */
const DEFAULT_VISIBILITY_SECONDS = 180;

export interface JobQueueProps {
  /** The queue's role in the product (`email-jobs`...), for people reading alarms. */
  name: string;
  /** Seconds a message stays invisible once received. */
  visibilityTimeout: Duration;
  /** The stage's: prod keeps queued jobs when the stack is deleted. */
  removalPolicy: RemovalPolicy;
}

/**
 * A dead-letter queue (14 days, encrypted, TLS only) and the alarm that fires on its first message, created as
 * `DeadLetterQueue` and `DeadLetterAlarm` under `scope`.
 */
export function deadLetterQueueWithAlarm(
  scope: Construct,
  alarmDescription: string,
  removalPolicy: RemovalPolicy,
): { queue: sqs.Queue; alarm: cloudwatch.Alarm } {
  const queue = new sqs.Queue(scope, 'DeadLetterQueue', {
    // Retained with the stack in prod: its messages are the jobs that still need someone.
    removalPolicy,
    retentionPeriod: Duration.days(14),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  const alarm = new cloudwatch.Alarm(scope, 'DeadLetterAlarm', {
    alarmDescription,
    metric: queue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(1),
      statistic: cloudwatch.Stats.MAXIMUM,
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  return { queue, alarm };
}

/** A work queue with its dead-letter queue and an alarm that fires on the first dead letter. */
export class JobQueue extends Construct {
  public readonly queue: sqs.Queue;
  public readonly deadLetterQueue: sqs.Queue;
  public readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: JobQueueProps) {
    super(scope, id);

    const deadLetters = deadLetterQueueWithAlarm(
      this,
      `A ${props.name} message failed ${JOB_MAX_RECEIVES} times and waits in its dead-letter queue.`,
      props.removalPolicy,
    );
    this.deadLetterQueue = deadLetters.queue;
    this.deadLetterAlarm = deadLetters.alarm;
    this.queue = new sqs.Queue(this, 'Queue', {
      removalPolicy: props.removalPolicy,
      visibilityTimeout: props.visibilityTimeout,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: JOB_MAX_RECEIVES },
    });
  }
}

export interface JobsProps {
  config: StageConfig;
  workers: Record<string, WorkerDef>;
  functionsDir: string;
}

export interface Worker {
  key: string;
  def: WorkerDef;
  fn: AppFunction;
}

/** The three job queues (they exist before their workers do) and one subscribed Lambda per worker row. */
export class Jobs extends Construct {
  public readonly queues: Record<QueueName, JobQueue>;
  public readonly workers: Worker[];

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const workerRows = Object.entries(props.workers);

    const queues: Partial<Record<QueueName, JobQueue>> = {};
    for (const name of QUEUE_NAMES) {
      const timeouts = workerRows.filter(([, w]) => w.queue === name).map(([, w]) => w.timeoutSeconds);
      // AWS's rule of thumb: 6x the function timeout, so retries by the poller never overlap a running batch.
      const visibilitySeconds = timeouts.length > 0 ? 6 * Math.max(...timeouts) : DEFAULT_VISIBILITY_SECONDS;
      queues[name] = new JobQueue(this, pascal(name), {
        name,
        visibilityTimeout: Duration.seconds(visibilitySeconds),
        removalPolicy: props.config.removalPolicy,
      });
    }
    this.queues = queues as Record<QueueName, JobQueue>;

    this.workers = workerRows.map(([key, def]) => {
      const fn = new AppFunction(this, key, {
        config: props.config,
        functionKey: key,
        functionsDir: props.functionsDir,
        timeout: Duration.seconds(def.timeoutSeconds),
        description: `Worker ${key} on ${def.queue}`,
      });
      // The worker delays a failed message's next delivery itself (exponential backoff from this base).
      fn.function.addEnvironment(ENV.jobQueueUrl, this.queues[def.queue].queue.queueUrl);
      fn.function.addEnvironment(ENV.jobRetryBaseSeconds, String(def.retryBaseSeconds));
      fn.function.addEventSource(
        new SqsEventSource(this.queues[def.queue].queue, {
          batchSize: def.batchSize,
          // Failed records are retried alone instead of the whole batch: workers are idempotent per message.
          reportBatchItemFailures: true,
          maxBatchingWindow: Duration.seconds(1),
          // At the provider's pace: more pollers would only meet its rate limit and burn retries.
          maxConcurrency: def.maxConcurrency,
        }),
      );
      return { key, def, fn };
    });
  }
}

function pascal(kebab: string): string {
  return kebab.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}
