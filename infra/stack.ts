import {
  type CfnElement,
  CfnOutput,
  Duration,
  Names,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import * as ENV from '../shared/env-vars.js';
import {
  type Capability,
  type QueueName,
  type RouteDef,
  type ScheduleDef,
  type StreamConsumerDef,
  streamConsumers as streamConsumerTable,
  subscribers as subscriberTable,
  type WorkerDef,
} from '../shared/routes.js';
import type { SignInFlow } from '../shared/schemas/auth.js';
import { isTableCapability } from '../shared/table-access.js';
import { Api } from './constructs/api.js';
import type { AppFunction } from './constructs/app-function.js';
import { Auth } from './constructs/auth.js';
import { Data, payoutRoleName } from './constructs/data.js';
import { Domain, SenderDomain } from './constructs/domain.js';
import { EdgeProtection } from './constructs/edge-protection.js';
import { EmailEvents } from './constructs/email-events.js';
import { Jobs } from './constructs/jobs.js';
import { Monitoring } from './constructs/monitoring.js';
import { nagPseudo } from './constructs/nag.js';
import { Outbox } from './constructs/outbox.js';
import { Schedules } from './constructs/schedules.js';
import { Secrets } from './constructs/secrets.js';
import { Site } from './constructs/site.js';
import { ORDER_PHOTOS_PREFIX, PRODUCT_IMAGES_PREFIX, Storage } from './constructs/storage.js';
import { isRealAddress, type StageConfig } from './stage-config.js';
import { tableStatement } from './table-grants.js';

export interface BuybackStackProps extends StackProps {
  config: StageConfig;
  routes: Record<string, RouteDef>;
  workers: Record<string, WorkerDef>;
  schedules: Record<string, ScheduleDef>;
  /** Consumers of the table's stream; the stack's own table unless told (tests pass fewer). */
  streamConsumers?: Record<string, StreamConsumerDef>;
  /** Where `buildFunctions` wrote the bundles: `<functionsDir>/<key>/index.js`. */
  functionsDir: string;
  webDir: string;
}

/** How staff sign in wherever this template is deployed (the local runner substitutes the plain flow). */
export const DEPLOYED_SIGN_IN_FLOW = 'USER_SRP_AUTH' satisfies SignInFlow;

/** Have I Been Pwned's k-anonymity range API: only the first 5 hex characters of a SHA-1 are sent. */
export const BREACH_RANGE_URL = 'https://api.pwnedpasswords.com/range/';

const QUEUE_URL_ENV: Record<QueueName, string> = {
  'email-jobs': ENV.emailQueueUrl,
  'sms-jobs': ENV.smsQueueUrl,
  'label-jobs': ENV.labelQueueUrl,
};

/** The whole product. Feature constructs own their resources; this class wires who may touch what. */
export class BuybackStack extends Stack {
  public readonly data: Data;
  public readonly storage: Storage;
  public readonly secrets: Secrets;
  public readonly auth: Auth;
  public readonly jobs: Jobs;
  public readonly schedules: Schedules;
  public readonly emailEvents: EmailEvents;
  public readonly outbox: Outbox;
  public readonly api: Api;
  public readonly site: Site;
  public readonly monitoring: Monitoring;
  /** The shop's own domain, where the stage has one (prod does). */
  public readonly domain?: Domain;
  /** The sender's domain as an SES identity, where the stage has a domain and a real sender. */
  public readonly senderDomain?: SenderDomain;
  /** Assumed by an operator to seal payout details stored before the encryption (generate data keys only). */
  public readonly payoutSealerRole: iam.Role;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: BuybackStackProps) {
    super(scope, id, props);
    this.config = props.config;
    const { config } = props;

    this.domain = config.domain ? new Domain(this, 'Domain', { config, domain: config.domain }) : undefined;
    this.data = new Data(this, 'Data', { config });
    this.storage = new Storage(this, 'Storage', { config });
    this.secrets = new Secrets(this, 'Secrets', { config });
    this.auth = new Auth(this, 'Auth', { config });
    this.jobs = new Jobs(this, 'Jobs', { config, workers: props.workers, functionsDir: props.functionsDir });
    this.schedules = new Schedules(this, 'Schedules', {
      config,
      schedules: props.schedules,
      functionsDir: props.functionsDir,
    });
    this.emailEvents = new EmailEvents(this, 'EmailEvents', {
      config,
      subscribers: subscriberTable,
      functionsDir: props.functionsDir,
    });
    this.outbox = new Outbox(this, 'Outbox', {
      config,
      table: this.data.table,
      consumers: props.streamConsumers ?? streamConsumerTable,
      functionsDir: props.functionsDir,
    });
    // The payout key's users are named in its policy before their roles exist (infra/constructs/data.ts).
    const payoutUsers = (capability: Capability) =>
      Object.entries(props.routes)
        .filter(([, def]) => (def.capabilities as readonly Capability[]).includes(capability))
        .map(([key]) => key);
    const roleNames = Object.fromEntries(
      [...payoutUsers('payout:encrypt'), ...payoutUsers('payout:decrypt')].map((key) => [
        key,
        payoutRoleName(this.stackName, key),
      ]),
    );
    this.payoutSealerRole = new iam.Role(this, 'PayoutSealerRole', {
      assumedBy: new iam.AccountRootPrincipal(),
      description: `Seals payout details stored before their encryption (npm run ops -- seal-payouts), ${config.stage}`,
      maxSessionDuration: Duration.hours(1),
    });
    // Finds the orders whose details are still plaintext (a one-off backfill, not a request path) and
    // replaces them, each only if unchanged since it was read.
    this.payoutSealerRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Scan', 'dynamodb:UpdateItem'],
        resources: [this.data.table.tableArn],
      }),
    );
    this.data.restrictPayoutKey({
      generate: payoutUsers('payout:encrypt').map((key) => payoutRoleName(this.stackName, key)),
      decrypt: payoutUsers('payout:decrypt').map((key) => payoutRoleName(this.stackName, key)),
      sealer: this.payoutSealerRole,
    });

    this.api = new Api(this, 'Api', {
      config,
      roleNames,
      routes: props.routes,
      functionsDir: props.functionsDir,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      customDomain: this.domain?.apiDomainName,
    });
    this.site = new Site(this, 'Site', {
      config,
      siteBucket: this.storage.siteBucket,
      imagesBucket: this.storage.imagesBucket,
      logsBucket: this.storage.logsBucket,
      httpApi: this.api.httpApi,
      originVerify: this.secrets.originVerifyValue(),
      webDir: props.webDir,
      webAclArn: config.webAcl
        ? new EdgeProtection(this, 'EdgeProtection', { config }).webAcl.attrArn
        : undefined,
      customDomain: this.domain,
    });
    this.domain?.addSiteRecords(this.site.distribution);
    if (this.domain && isRealAddress(config.emailFrom)) {
      this.senderDomain = new SenderDomain(this, 'SenderDomain', {
        config,
        senderDomain: config.emailFrom.split('@')[1].toLowerCase(),
        zone: this.domain.zone,
      });
    }

    const functions: Array<{
      key: string;
      fn: AppFunction;
      capabilities: readonly Capability[];
      queue?: QueueName;
    }> = [
      ...this.api.routes.map((r) => ({ key: r.key, fn: r.fn, capabilities: r.def.capabilities })),
      ...this.jobs.workers.map((w) => ({
        key: w.key,
        fn: w.fn,
        capabilities: w.def.capabilities,
        queue: w.def.queue,
      })),
      ...this.schedules.functions.map((s) => ({ key: s.key, fn: s.fn, capabilities: s.def.capabilities })),
      ...this.emailEvents.functions.map((s) => ({ key: s.key, fn: s.fn, capabilities: s.def.capabilities })),
      ...this.outbox.consumers.map((c) => ({ key: c.key, fn: c.fn, capabilities: c.def.capabilities })),
    ];
    // Every route checks CloudFront's origin header (functions/lib/http.ts) against the origin secret's values,
    // read at run time: the value is in no function's configuration, and it rotates without a deploy.
    for (const route of this.api.routes) {
      this.secrets.originSecret.grantRead(route.fn.role);
      route.fn.function.addEnvironment(ENV.originSecretId, this.secrets.originSecret.secretArn);
    }
    for (const { fn, capabilities, queue } of functions) {
      fn.function.addEnvironment(ENV.stage, config.stage);
      fn.function.addEnvironment(ENV.tableName, this.data.table.tableName);
      // No cycle: the distribution depends on the API, and the API (unlike its integrations) not on the functions.
      fn.function.addEnvironment(ENV.siteUrl, this.site.siteUrl);
      for (const capability of capabilities) this.grant(fn, capability);
      if (queue === 'email-jobs') this.allowSendingEmail(fn);
    }

    this.monitoring = new Monitoring(this, 'Monitoring', {
      config,
      alarms: [...Object.values(this.jobs.queues).map((q) => q.deadLetterAlarm), this.outbox.deadLetterAlarm],
      functions: functions.map(({ key, fn }) => ({ key, function: fn.function })),
      httpApi: this.api.httpApi,
      queues: Object.fromEntries(Object.entries(this.jobs.queues).map(([name, q]) => [name, q.queue])),
      table: this.data.table,
      scheduleRules: this.schedules.functions.map((s) => s.rule),
    });

    new CfnOutput(this, 'SiteUrl', { value: this.site.siteUrl });
    new CfnOutput(this, 'ApiUrl', {
      value: this.domain ? `https://${this.domain.apiDomain}/` : this.api.stage.url,
      description: 'The API itself: it serves only requests CloudFront forwards (with the origin secret).',
    });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'ImagesBucket', { value: this.storage.imagesBucket.bucketName });
    new CfnOutput(this, 'ProviderSecretArn', {
      value: this.secrets.providerSecret.secretArn,
      description:
        'Secret holding the provider keys (EasyPost, Twilio, e-mail); fill it after the first deploy.',
    });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.secrets.originSecret.secretArn,
      description:
        'Secret holding the header value CloudFront sends to the API; rotate it with npm run ops -- rotate-origin-secret.',
    });
    new CfnOutput(this, 'PayoutKeyArn', { value: this.data.payoutKey.keyArn });
    new CfnOutput(this, 'PayoutSealerRoleArn', {
      value: this.payoutSealerRole.roleArn,
      description: 'Role for npm run ops -- seal-payouts (docs/operations.md): seals, never decrypts.',
    });
    new CfnOutput(this, 'SigningSecretArn', {
      value: this.secrets.signingSecret.secretArn,
      description:
        'Secret holding the webhook signing secrets (Twilio auth token, EasyPost webhook secret): the only one the webhooks read.',
    });
  }

  /**
   * Sending e-mail: the email-jobs worker (consuming the queue is what sending means) and routes with
   * `email:send` (the test e-mail). SES authorises SendEmail against the sender's identity (and, in the sandbox,
   * the recipients'), so identities of this account and region only.
   */
  private allowSendingEmail(fn: AppFunction): void {
    this.allowSesIdentities(fn, 'ses:SendEmail');
    // Every e-mail goes through the configuration set that reports its bounces and complaints.
    const { configurationSet } = this.emailEvents;
    fn.function.addEnvironment(ENV.sesConfigurationSet, configurationSet.configurationSetName);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          this.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: configurationSet.configurationSetName,
          }),
        ],
      }),
    );
  }

  /** `actions` on the SES identities of this account and region; the stage's default sender in EMAIL_FROM. */
  private allowSesIdentities(fn: AppFunction, ...actions: string[]): void {
    fn.function.addEnvironment(ENV.emailFrom, this.config.emailFrom);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions,
        resources: [this.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
      }),
    );
    const { partition, region } = nagPseudo(fn);
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${partition}:ses:${region}:<AWS::AccountId>:identity/*]`,
      reason:
        'SES checks the sender identity, verified outside this stack per stage (the sender staff choose may be any of them), and in the sandbox every recipient identity too; limited to this account and region.',
    });
  }

  /** Reading one secret, and writing it: a write merges into its JSON, so it reads first (and again, to check). */
  private grantSecret(
    fn: AppFunction,
    secret: secretsmanager.ISecret,
    variable: string,
    write: boolean,
  ): void {
    secret.grantRead(fn.role);
    if (write) secret.grantWrite(fn.role);
    fn.function.addEnvironment(variable, secret.secretArn);
  }

  /**
   * How cdk-nag spells a reference to `element.attribute` in `fn`'s template: `<Id.Attr>` in this stack, and the
   * parameter CloudFormation passes it through in a nested stack (the API's routes live in nested stacks).
   */
  private nagRef(fn: AppFunction, element: CfnElement, attribute: string): string {
    const logicalId = this.getLogicalId(element);
    if (Stack.of(fn) === Stack.of(element)) return `<${logicalId}.${attribute}>`;
    // CDK names that parameter after the producer's unique id (aws-cdk-lib core/lib/private/refs.ts).
    return `<referenceto${Names.nodeUniqueId(element.node)}${attribute}>`;
  }

  /** Exactly what one capability of the route or worker table allows, and the variable that locates it. */
  private grant(fn: AppFunction, capability: Capability): void {
    const images = this.storage.imagesBucket;
    if (isTableCapability(capability)) {
      // Only the partitions and actions the row names (dynamodb:LeadingKeys): see infra/table-grants.ts.
      fn.role.addToPrincipalPolicy(tableStatement(this.data.table.tableArn, capability));
      return;
    }
    switch (capability) {
      case 'email-jobs:send':
      case 'sms-jobs:send':
      case 'label-jobs:send': {
        const name = capability.slice(0, -':send'.length) as QueueName;
        const { queue } = this.jobs.queues[name];
        queue.grantSendMessages(fn.role);
        fn.function.addEnvironment(QUEUE_URL_ENV[name], queue.queueUrl);
        return;
      }
      case 'product-images:read':
      case 'product-images:write':
      case 'order-photos:read':
      case 'order-photos:write': {
        // Object-level actions on one prefix only: a product-image function cannot touch order photos (nor
        // the other way round), and no one may delete a stored version (s3:DeleteObjectVersion).
        const [kind, access] = capability.split(':');
        const prefix = kind === 'order-photos' ? ORDER_PHOTOS_PREFIX : PRODUCT_IMAGES_PREFIX;
        const actions = access === 'read' ? ['s3:GetObject'] : ['s3:PutObject', 's3:DeleteObject'];
        fn.role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions, resources: [images.arnForObjects(`${prefix}*`)] }),
        );
        fn.function.addEnvironment(ENV.imagesBucket, images.bucketName);
        Validations.of(fn).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${this.nagRef(fn, images.node.defaultChild as CfnElement, 'Arn')}/${prefix}*]`,
          reason: `Keys under ${prefix} are chosen per upload, so objects under that prefix of this bucket only.`,
        });
        return;
      }
      case 'secret:read':
      case 'secret:write':
        this.grantSecret(fn, this.secrets.providerSecret, ENV.secretId, capability === 'secret:write');
        return;
      case 'signing-secret:read':
      case 'signing-secret:write':
        this.grantSecret(
          fn,
          this.secrets.signingSecret,
          ENV.signingSecretId,
          capability === 'signing-secret:write',
        );
        return;
      case 'auth:config': {
        fn.function.addEnvironment(ENV.userPoolId, this.auth.userPool.userPoolId);
        fn.function.addEnvironment(ENV.userPoolClientId, this.auth.userPoolClient.userPoolClientId);
        fn.function.addEnvironment(ENV.breachRangeUrl, BREACH_RANGE_URL);
        // SRP only: the app client allows no plain-password flow (infra/constructs/auth.ts).
        fn.function.addEnvironment(ENV.signInFlow, DEPLOYED_SIGN_IN_FLOW);
        return;
      }
      case 'email:send': {
        this.allowSendingEmail(fn);
        return;
      }
      case 'email:check': {
        this.allowSesIdentities(fn, 'ses:GetEmailIdentity');
        return;
      }
      case 'payout:encrypt':
      case 'payout:decrypt': {
        // Envelope encryption: sealing needs only a data key (no kms:Encrypt), opening only Decrypt.
        const { payoutKey } = this.data;
        if (capability === 'payout:encrypt') payoutKey.grant(fn.role, 'kms:GenerateDataKey');
        else payoutKey.grantDecrypt(fn.role);
        fn.function.addEnvironment(ENV.payoutKeyArn, payoutKey.keyArn);
        return;
      }
      default: {
        // A capability added to shared/routes.ts must be taught here before anything compiles.
        const unknown: never = capability;
        throw new Error(`No grant for capability ${String(unknown)}`);
      }
    }
  }
}
