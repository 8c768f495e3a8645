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
  /** The whole API stage's throttle (requests per second, burst): what all routes together may take. */
  apiThrottle: Throttle;
  /** Each route's own throttle, so one noisy route cannot use up the others' share of `apiThrottle`. */
  routeThrottle: Throttle;
  /** The public routes that write (checkout, lookup, tickets, labels): what a flood may cost per second. */
  publicWriteThrottle: Throttle;
  /**
   * Concurrency reserved for each provider webhook, so a flood on the public routes cannot starve them; 0 for
   * none. AWS refuses reservations that would leave an account fewer than 100 unreserved, so a new account whose
   * limit is still 10 deploys with 0 until its limit is raised.
   */
  webhookReservedConcurrency: number;
  /** X-Ray active tracing on every function. */
  tracing: boolean;
  /** The WAF web ACL on the distribution (infra/constructs/edge-protection.ts). Needs region us-east-1. */
  webAcl: boolean;
  /**
   * Region the stage deploys to. Unset: the CLI's, with a region-agnostic template. A stage with a web ACL
   * deploys to us-east-1, the only region where CloudFront's WAF lives.
   */
  region?: string;
  /** Staff sign-in (the Cognito user pool and its web client). */
  staffSignIn: StaffSignInConfig;
}

export interface Throttle {
  rateLimit: number;
  burstLimit: number;
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

/** CloudFront's web ACLs (and certificates) live in this region only. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

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
          routeThrottle: { rateLimit: 100, burstLimit: 200 },
          publicWriteThrottle: { rateLimit: 20, burstLimit: 40 },
          webhookReservedConcurrency: 5,
          tracing: true,
          webAcl: true,
          region: CLOUDFRONT_WAF_REGION,
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
          routeThrottle: { rateLimit: 25, burstLimit: 50 },
          publicWriteThrottle: { rateLimit: 5, burstLimit: 10 },
          webhookReservedConcurrency: 0,
          tracing: false,
          webAcl: false,
          // The spec's rule (8 characters, upper, lower, number, symbol); cognito-local has no MFA.
          staffSignIn: { mfa: 'optional', passwordMinLength: 8, threatProtection: 'off' },
        };
  const config = { ...base, ...stripUndefined(overrides) };
  checkStageConfig(config);
  return config;
}

/** Domains reserved for examples and tests (RFC 2606, 6761): nobody reads mail sent there. */
const NOT_REAL_DOMAIN = /@(?:[^@]+\.)?(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/i;

/**
 * Refuses a stage that would deploy without someone to tell: prod needs an alarm address and a real sender,
 * each named by the flag that sets it. A web ACL needs us-east-1.
 */
export function checkStageConfig(config: StageConfig): void {
  const problems: string[] = [];
  if (config.stage === 'prod') {
    if (!config.alarmEmail || NOT_REAL_DOMAIN.test(config.alarmEmail)) {
      problems.push(
        'prod needs an alarm address someone reads: add -c alarmEmail=ops@your-domain (then confirm the subscription e-mail SNS sends)',
      );
    }
    if (NOT_REAL_DOMAIN.test(config.emailFrom)) {
      problems.push(
        `prod needs a real sender verified in SES, not ${config.emailFrom}: add -c emailFrom=orders@your-domain`,
      );
    }
  }
  if (config.webAcl && config.region !== CLOUDFRONT_WAF_REGION) {
    problems.push(
      `a WAF web ACL for CloudFront needs region ${CLOUDFRONT_WAF_REGION}, not ${config.region ?? 'unset'}`,
    );
  }
  if (problems.length > 0) throw new Error(`Cannot build stage ${config.stage}: ${problems.join('; ')}.`);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
