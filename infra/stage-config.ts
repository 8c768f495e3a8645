import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageConfig {
  stage: Stage;
  /** Applied to the table, buckets, secret, user pool and log groups. */
  removalPolicy: RemovalPolicy;
  /** Empties buckets on stack deletion; only where the data is disposable. */
  autoDeleteObjects: boolean;
  /** Table and user pool refuse deletion (staff accounts and orders must not vanish with a stack). */
  deletionProtection: boolean;
  logRetention: RetentionDays;
  /** Days the access logs (S3 server access, CloudFront) are kept. */
  accessLogDays: number;
  /** Alarm notifications go here when set; alarms exist either way. */
  alarmEmail?: string;
  /**
   * The e-mail worker's sender (EMAIL_FROM); its domain must be a verified SES identity in the target account.
   * Set it with `-c emailFrom=...` until the product has its domain.
   */
  emailFrom: string;
  /**
   * Origins allowed to upload straight to the images bucket with presigned URLs. The site has no domain of its
   * own yet and the distribution's cannot be named here (the bucket would depend on the distribution that
   * depends on the bucket), so any CloudFront domain is allowed; the presigned signature, not CORS, is what
   * authorises an upload. With a custom domain, list exactly that origin.
   */
  uploadOrigins: string[];
  apiThrottle: { rateLimit: number; burstLimit: number };
  /** Staff sign-in (the Cognito user pool and its web client). */
  staffSignIn: StaffSignInConfig;
}

export interface StaffSignInConfig {
  /**
   * TOTP MFA: `required` makes every staff member set up an authenticator app at first sign-in. Dev stays
   * `optional` because the local emulator (cognito-local) has no MFA, and the local stack runs the dev template.
   */
  mfa: 'required' | 'optional';
  passwordMinLength: number;
  /** How long a session lasts without signing in again; unset keeps Cognito's 30 days. */
  refreshTokenHours?: number;
  /**
   * Cognito threat protection (Plus feature plan, billed per monthly active user). `audit` records each
   * sign-in's risk and publishes the metrics without blocking anyone.
   */
  threatProtection: 'off' | 'audit' | 'enforced';
}

/** Not a deliverable sender: SES refuses it until a real, verified address is configured. */
export const EMAIL_FROM_PLACEHOLDER = 'no-reply@example.com';

const CLOUDFRONT_ORIGINS = 'https://*.cloudfront.net';

export function parseStage(value: unknown): Stage {
  const stage = value ?? 'dev';
  if (typeof stage === 'string' && (STAGES as readonly string[]).includes(stage)) return stage as Stage;
  throw new Error(`Unknown stage "${String(value)}": use -c stage=dev or -c stage=prod.`);
}

export function stageConfig(stage: Stage, overrides: Partial<Omit<StageConfig, 'stage'>> = {}): StageConfig {
  const base: StageConfig =
    stage === 'prod'
      ? {
          stage,
          removalPolicy: RemovalPolicy.RETAIN,
          autoDeleteObjects: false,
          deletionProtection: true,
          emailFrom: EMAIL_FROM_PLACEHOLDER,
          logRetention: RetentionDays.THREE_MONTHS,
          accessLogDays: 365,
          uploadOrigins: [CLOUDFRONT_ORIGINS],
          apiThrottle: { rateLimit: 200, burstLimit: 400 },
          // A stolen laptop or a copied refresh token is good for one working day, not 30: Amplify renews the
          // one-hour access token from it, and after 8 hours staff sign in again, with their TOTP code.
          staffSignIn: {
            mfa: 'required',
            passwordMinLength: 12,
            refreshTokenHours: 8,
            threatProtection: 'audit',
          },
        }
      : {
          stage,
          removalPolicy: RemovalPolicy.DESTROY,
          autoDeleteObjects: true,
          deletionProtection: false,
          emailFrom: EMAIL_FROM_PLACEHOLDER,
          logRetention: RetentionDays.ONE_WEEK,
          accessLogDays: 30,
          // The local stack applies this bucket's CORS rules to its S3 emulator, and a Vite dev server may
          // talk to the deployed dev stack: both run on localhost.
          uploadOrigins: [CLOUDFRONT_ORIGINS, 'http://localhost:*', 'http://127.0.0.1:*'],
          apiThrottle: { rateLimit: 50, burstLimit: 100 },
          // The spec's rule (8 characters, upper, lower, number, symbol); cognito-local has no MFA.
          staffSignIn: { mfa: 'optional', passwordMinLength: 8, threatProtection: 'off' },
        };
  return { ...base, ...stripUndefined(overrides) };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
