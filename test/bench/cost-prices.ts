/**
 * AWS list prices in us-east-1 that the cost model (cost-model.ts) uses, in US dollars, as known on 2026-11-26
 * (the DynamoDB on-demand figures are those since the November 2024 price cut). They were not re-read from the
 * pages below when written (the machine that wrote them has no access to them): check a figure on its page
 * before relying on it. Free tiers are left out: the model shows what the shop pays once they are used up. When
 * AWS changes a price, change it here and re-run `BENCH_PARTS=cost npm run bench`.
 */
export const PRICES_AS_OF = '2026-11-26';
export const PRICES_REGION = 'us-east-1';

export const PRICES = {
  lambda: {
    source: 'https://aws.amazon.com/lambda/pricing/',
    perRequest: 0.2 / 1e6,
    perGbSecondX86: 0.0000166667,
    perGbSecondArm: 0.0000133334,
  },
  apiGateway: {
    source: 'https://aws.amazon.com/api-gateway/pricing/',
    /** HTTP APIs, first 300 million requests a month. */
    perHttpApiRequest: 1.0 / 1e6,
  },
  dynamodb: {
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    perWriteRequestUnit: 0.625 / 1e6,
    perReadRequestUnit: 0.125 / 1e6,
    perGbMonthStorage: 0.25,
    perGbMonthPitr: 0.2,
  },
  sqs: {
    source: 'https://aws.amazon.com/sqs/pricing/',
    /** Standard queues; each 64 KB chunk of a payload is one request. */
    perRequest: 0.4 / 1e6,
  },
  ses: {
    source: 'https://aws.amazon.com/ses/pricing/',
    /** Outbound e-mail, per recipient. */
    perEmail: 0.1 / 1000,
  },
  s3: {
    source: 'https://aws.amazon.com/s3/pricing/',
    /** PUT, COPY, POST, LIST. */
    perWriteRequest: 0.005 / 1000,
    /** GET, HEAD and the rest. */
    perReadRequest: 0.0004 / 1000,
    perGbMonthStorage: 0.023,
  },
  cloudfront: {
    source: 'https://aws.amazon.com/cloudfront/pricing/',
    /** HTTPS requests, United States. */
    perRequest: 0.01 / 10_000,
    /** Data transfer out to the internet, United States, first 10 TB. */
    perGbOut: 0.085,
  },
  waf: {
    source: 'https://aws.amazon.com/waf/pricing/',
    perWebAclMonth: 5.0,
    /** Each rule, and each managed rule group, in the web ACL. */
    perRuleMonth: 1.0,
    perRequest: 0.6 / 1e6,
  },
  kms: {
    source: 'https://aws.amazon.com/kms/pricing/',
    perCustomerKeyMonth: 1.0,
    /** Symmetric requests (GenerateDataKey, Decrypt). */
    perRequest: 0.03 / 10_000,
  },
  secretsManager: {
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
    perSecretMonth: 0.4,
    perApiCall: 0.05 / 10_000,
  },
  cloudwatch: {
    source: 'https://aws.amazon.com/cloudwatch/pricing/',
    /** Standard resolution; an alarm on a metric math expression pays for each metric in it. */
    perAlarmMetricMonth: 0.1,
    /** A custom metric (LabelPermanentFailures, OutboxPermanentFailures: embedded-metric log lines). */
    perCustomMetricMonth: 0.3,
    perGbLogsIngested: 0.5,
    perGbMonthLogsStored: 0.03,
  },
  cognito: {
    source: 'https://aws.amazon.com/cognito/pricing/',
    /** Essentials: the first 10,000 monthly active users are free; staff are a handful. */
    perMauEssentialsAfterFreeTier: 0.015,
    /** Threat protection (the Plus tier) for staff sign-in. */
    perMauPlus: 0.02,
  },
} as const;
