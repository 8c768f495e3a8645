import { SecretValue, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_KEY, SIGNING_SECRET_KEYS } from '../../shared/runtime-env.js';
import type { StageConfig } from '../stage-config.js';

/**
 * Keys of the provider secret's JSON. Empty until an admin enters them in the back office. The last two are
 * placeholders kept only so that the template's value never changes (that would overwrite entered keys): the
 * functions read those keys from the signing secret (SIGNING_SECRET_KEYS) only.
 */
export const PROVIDER_SECRET_KEYS = [
  'easypostTestKey',
  'easypostProdKey',
  'twilioAccountSid',
  'twilioAuthToken',
  'emailApiKey',
  'easypostWebhookSecret',
] as const;

export interface SecretsProps {
  config: StageConfig;
}

export class Secrets extends Construct {
  public readonly providerSecret: secretsmanager.Secret;
  /**
   * The webhook signing secrets (Twilio's auth token, EasyPost's webhook secret): the only secret a public
   * webhook may read, so a flood of forged callbacks can never reach the provider API keys.
   */
  public readonly signingSecret: secretsmanager.Secret;
  /** CloudFront's proof to the API that a request came through the distribution (ORIGIN_VERIFY_HEADER). */
  public readonly originSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);

    // CloudFormation writes this value only when the template's value changes, so keys entered later survive
    // deploys. Changing the placeholder list below WOULD overwrite them: add keys from the app instead.
    this.providerSecret = new secretsmanager.Secret(this, 'ProviderSecret', {
      description: `Provider API keys (EasyPost, Twilio, e-mail) for the ${props.config.stage} stage`,
      secretObjectValue: Object.fromEntries(
        PROVIDER_SECRET_KEYS.map((key) => [key, SecretValue.unsafePlainText('')]),
      ),
      removalPolicy: props.config.removalPolicy,
    });
    Validations.of(this.providerSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Third-party API keys cannot be rotated by a Lambda: EasyPost, Twilio and the e-mail provider issue them in their own dashboards, and an admin replaces them in the back office.',
    });

    // Same rule as the provider secret: the placeholders are written once, staff's values survive deploys.
    this.signingSecret = new secretsmanager.Secret(this, 'SigningSecret', {
      description: `Webhook signing secrets (Twilio auth token, EasyPost webhook secret) for the ${props.config.stage} stage`,
      secretObjectValue: Object.fromEntries(
        SIGNING_SECRET_KEYS.map((key) => [key, SecretValue.unsafePlainText('')]),
      ),
      removalPolicy: props.config.removalPolicy,
    });
    Validations.of(this.signingSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Twilio and EasyPost issue their signing secrets in their own dashboards; an admin replaces them (the Twilio auth token in the back office).',
    });

    // Generated once. The functions read it at run time (functions/lib/origin-secret.ts); CloudFront is given
    // `originVerify` by a dynamic reference when the distribution is deployed, and by the rotation command
    // (infra/ops/origin-rotation.ts) after that: the command keeps `originVerify` equal to what CloudFront
    // sends, so a later deploy resolves the same value.
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: `Origin header CloudFront sends to the API of the ${props.config.stage} stage`,
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: ORIGIN_SECRET_KEY,
        excludePunctuation: true,
        passwordLength: 48,
      },
      removalPolicy: props.config.removalPolicy,
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "Rotated by npm run ops -- rotate-origin-secret, which must change CloudFront's origin header between two secret versions (two accepted values, then one); a rotation Lambda could not do that without refusing requests.",
    });
  }

  /** The origin header's value as a dynamic reference CloudFormation resolves at deploy time. */
  originVerifyValue(): string {
    return this.originSecret.secretValueFromJson(ORIGIN_SECRET_KEY).unsafeUnwrap();
  }
}
