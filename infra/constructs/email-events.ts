import { Duration } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { SubscriberDef } from '../../shared/routes.js';
import type { StageConfig } from '../stage-config.js';
import { AppFunction } from './app-function.js';

export interface EmailEventsProps {
  config: StageConfig;
  subscribers: Record<string, SubscriberDef>;
  functionsDir: string;
}

export interface SubscribedFunction {
  key: string;
  def: SubscriberDef;
  fn: AppFunction;
}

/**
 * Delivery outcomes of the e-mails we send: every SendEmail names this configuration set, whose event
 * destination publishes bounces and complaints to the email-events topic, where the ses-events function (one
 * per subscriber row) records them on the e-mail log and the order.
 */
export class EmailEvents extends Construct {
  public readonly configurationSet: ses.ConfigurationSet;
  public readonly topic: sns.Topic;
  public readonly functions: SubscribedFunction[];

  constructor(scope: Construct, id: string, props: EmailEventsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Buyback e-mail events (${props.config.stage})`,
      enforceSSL: true,
    });
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      // Bounced and complained addresses are kept off later sends by SES itself (account-level list too).
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.topic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    this.functions = Object.entries(props.subscribers)
      .filter(([, def]) => def.topic === 'email-events')
      .map(([key, def]) => {
        const fn = new AppFunction(this, key, {
          config: props.config,
          functionKey: key,
          functionsDir: props.functionsDir,
          timeout: Duration.seconds(def.timeoutSeconds),
          description: `${key}: SES bounce and complaint events`,
        });
        this.topic.addSubscription(new subscriptions.LambdaSubscription(fn.function));
        return { key, def, fn };
      });
  }
}
