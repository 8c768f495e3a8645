import { Duration, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.js';

/** The `cognito:groups` value the back office requires. */
export const ADMIN_GROUP = 'admin';

export interface AuthProps {
  config: StageConfig;
}

/** Staff sign-in for the back office. Visitors never sign in, so accounts are created by an admin only. */
export class Auth extends Construct {
  public readonly userPool: cognito.UserPool;
  public readonly userPoolClient: cognito.UserPoolClient;
  public readonly adminGroup: cognito.UserPoolGroup;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config } = props;

    const signIn = config.staffSignIn;
    const threatProtection = {
      off: undefined,
      audit: cognito.StandardThreatProtectionMode.AUDIT_ONLY,
      enforced: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
    }[signIn.threatProtection];
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: signIn.passwordMinLength,
        requireUppercase: true,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      // TOTP only: SMS would need an origination number and is the weaker factor.
      mfa: signIn.mfa === 'required' ? cognito.Mfa.REQUIRED : cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: threatProtection,
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });
    if (signIn.mfa !== 'required') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is offered (TOTP) but not forced outside prod: the local stack runs this template on cognito-local, which has no MFA; prod requires it.',
      });
    }
    if (!threatProtection) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection (the Plus plan, billed per user) is switched on in prod; a dev pool holds a few test accounts and Essentials with a strong password policy is proportionate there.',
      });
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      ...(signIn.refreshTokenHours && { refreshTokenValidity: Duration.hours(signIn.refreshTokenHours) }),
      // SRP only: the password never leaves the browser. The local runner adds USER_PASSWORD_AUTH to its own
      // copy of this client, since cognito-local has no SRP (infra/local/resources.ts).
      authFlows: { userSrp: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      // The SPA signs in with the API flows above; no hosted UI, so no OAuth callback URLs to keep in sync.
      disableOAuth: true,
    });

    this.adminGroup = new cognito.UserPoolGroup(this, 'AdminGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description: 'Back-office staff: may call every /api/admin/* route.',
    });
  }
}
