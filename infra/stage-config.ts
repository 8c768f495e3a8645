import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageConfig {
  stage: Stage;
  /** Applied to the table, buckets, queues, secrets, key, user pool and log groups. */
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
   * Origins allowed to upload straight to the images bucket with presigned URLs: the site's own domain when it
   * has one. Without one the distribution's host cannot be named here (the bucket would depend on the
   * distribution that depends on the bucket), so any CloudFront host is allowed; the presigned signature, not
   * CORS, is what authorises an upload.
   */
  uploadOrigins: string[];
  /**
   * The shop's own host name (`-c domain=shop.example.com`): the site's address, its certificate's name, and
   * `api.<domain>` for the API CloudFront forwards to. Required in prod; dev without one answers on its
   * `*.cloudfront.net` host.
   */
  domain?: string;
  /**
   * The Route 53 public hosted zone holding `domain` (`-c hostedZoneId=Z... -c hostedZoneName=example.com`; the
   * name defaults to the domain itself). With one the stack writes its DNS records there (certificate
   * validation, the site and API aliases, the sender's DKIM and MAIL FROM); without one they are stack outputs
   * for whoever keeps the DNS (README, "First deploy on a domain").
   */
  hostedZone?: { id: string; name: string };
  /** Days the images bucket keeps an order photo's deleted or overwritten versions. */
  photoVersionDays: number;
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
          // A photo of what arrived is the evidence in a dispute; card and PayPal disputes run up to 180 days.
          photoVersionDays: 180,
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
          photoVersionDays: 7,
          // The spec's rule (8 characters, upper, lower, number, symbol); cognito-local has no MFA.
          staffSignIn: { mfa: 'optional', passwordMinLength: 8, threatProtection: 'off' },
        };
  const config = { ...base, ...stripUndefined(overrides) };
  if (config.domain) {
    // A certificate CloudFront serves lives in us-east-1 only, and the API's (the same one) in the API's region.
    config.region ??= CLOUDFRONT_WAF_REGION;
    // Uploads come from the site's own origin, no longer from any CloudFront host.
    if (!overrides.uploadOrigins) {
      config.uploadOrigins = [
        `https://${config.domain}`,
        ...config.uploadOrigins.filter((o) => o !== CLOUDFRONT_ORIGINS),
      ];
    }
  }
  checkStageConfig(config);
  return config;
}

/** The API's own host name under the shop's domain: CloudFront's origin for `/api/*`, and nobody else's. */
export const apiDomainOf = (domain: string): string => `api.${domain}`;

/** A host name as DNS and ACM take it: lower case letters, digits and hyphens in dot-separated labels. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The Route 53 zone from `-c hostedZoneId` and `-c hostedZoneName` (the name defaults to the domain). */
export function hostedZoneOf(
  id: string | undefined,
  name: string | undefined,
  domain: string | undefined,
): StageConfig['hostedZone'] {
  if (!id && !name) return undefined;
  if (!id) throw new Error("-c hostedZoneName needs the zone's id too: add -c hostedZoneId=Z...");
  const zoneName = (name ?? domain ?? '').toLowerCase().replace(/\.$/, '');
  if (!zoneName)
    throw new Error(
      '-c hostedZoneId needs -c domain (and -c hostedZoneName when the zone is a parent of it)',
    );
  return { id, name: zoneName };
}

/** Whether `host` is `zone` itself or a name under it. */
export const isInZone = (host: string, zone: string): boolean => host === zone || host.endsWith(`.${zone}`);

/** Domains reserved for examples and tests (RFC 2606, 6761): nobody reads mail sent there. */
const NOT_REAL_DOMAIN = /@(?:[^@]+\.)?(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/i;

/** Whether mail from this address could ever be delivered (not a reserved example or test domain). */
export const isRealAddress = (address: string): boolean => !NOT_REAL_DOMAIN.test(address);

/**
 * Refuses a stage that would deploy without someone to tell or somewhere to live: prod needs an alarm address,
 * a real sender and its own domain, each named by the flag that sets it. A web ACL and a custom domain need
 * us-east-1.
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
    if (!config.domain) {
      problems.push(
        'prod needs its own domain: add -c domain=shop.your-domain (with -c hostedZoneId=Z... when Route 53 holds it)',
      );
    }
  }
  if (config.domain !== undefined && !HOST_NAME.test(config.domain)) {
    problems.push(
      `-c domain=${config.domain} is not a host name: give it as shop.example.com, no scheme or path`,
    );
  }
  if (config.domain && config.region !== CLOUDFRONT_WAF_REGION) {
    problems.push(
      `a custom domain needs region ${CLOUDFRONT_WAF_REGION} (CloudFront takes its certificate from there), not ${config.region ?? 'unset'}`,
    );
  }
  if (config.hostedZone && (!config.domain || !isInZone(config.domain, config.hostedZone.name))) {
    problems.push(
      `-c domain=${config.domain ?? '(unset)'} is not in the hosted zone ${config.hostedZone.name}: give -c hostedZoneName=<the zone's name>`,
    );
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
