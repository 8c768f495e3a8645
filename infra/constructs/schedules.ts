import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { ScheduleDef } from '../../shared/routes.js';
import type { StageConfig } from '../stage-config.js';
import { AppFunction } from './app-function.js';

export interface SchedulesProps {
  config: StageConfig;
  schedules: Record<string, ScheduleDef>;
  functionsDir: string;
}

export interface ScheduledFunction {
  key: string;
  def: ScheduleDef;
  fn: AppFunction;
  rule: events.Rule;
}

/** One Lambda and one EventBridge rule per row of the schedule table (e.g. the daily label refund). */
export class Schedules extends Construct {
  public readonly functions: ScheduledFunction[];

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    this.functions = Object.entries(props.schedules).map(([key, def]) => {
      const fn = new AppFunction(this, key, {
        config: props.config,
        functionKey: key,
        functionsDir: props.functionsDir,
        timeout: Duration.seconds(def.timeoutSeconds),
        description: `Scheduled ${key} (${def.schedule})`,
      });
      const rule = new events.Rule(this, `${key}Rule`, {
        description: `${key}: ${def.schedule}`,
        schedule: events.Schedule.expression(def.schedule),
        // Each run redoes whatever is left, so a failed run is retried by EventBridge twice and then by the next.
        targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
      return { key, def, fn, rule };
    });
  }
}
