/**
 * The cost model: the counts the cost bench measured for one order's life (cost.ts), priced with cost-prices.ts,
 * per order, per 1,000 orders and per month at 100 and 10,000 orders a day, plus what the shop pays every month
 * whatever the traffic. Pure: everything it needs comes in its input, so it is unit-tested
 * (test/local/cost-model.test.ts).
 */
import type { CostCounts } from './cost-meter.js';
import { PRICES, PRICES_AS_OF, PRICES_REGION } from './cost-prices.js';
import { round } from './stats.js';

/** Each phase's counts, one entry per measured order. */
export interface FlowCounts {
  orders: number;
  phases: Record<string, CostCounts[]>;
}

/** What the synthesized template holds that is billed by the month. */
export interface TemplateFacts {
  alarms: number;
  /** Metrics the alarms watch (an alarm on metric math over 10 functions' Errors counts 10). */
  alarmMetrics: number;
  /** The alarms' logical ids. */
  alarmIds: string[];
  secrets: number;
  kmsKeys: number;
  queues: number;
  /** SQS event source mappings: Lambda long-polls each queue whatever the traffic. */
  eventSourceMappings: number;
  functions: number;
  armFunctions: number;
}

export interface WebAssets {
  htmlGzipBytes: number;
  initialFiles: number;
  initialGzipBytes: number;
  lazyFiles: number;
  lazyGzipBytes: number;
}

export interface CostInput {
  flow: FlowCounts;
  /** Requests each phase made to /api/* through the site (CloudFront) per order, webhooks included. */
  apiRequestsPerOrder: Record<string, number>;
  /** Bytes of those answers per order. */
  apiBytesPerOrder?: number;
  template: TemplateFacts;
  web: WebAssets;
  images: { count: number; averageBytes: number };
}

/**
 * What the bench cannot count locally, stated once: change these and the model follows.
 * - Page loads: the seller loads the site three times (shopping, the e-mail's confirmation link, the order-status
 *   lookup), each with an empty browser cache (an upper bound); staff load the back office once and fetch every
 *   lazily loaded chunk once (an upper bound too). The catalogue's images are fetched once.
 * - KMS: one GenerateDataKey at checkout (payout details envelope-encrypted) and one Decrypt per reveal, staff
 *   revealing once to pay.
 * - Secrets Manager: a function caches the secret for 5 minutes per container, so at low volume every invocation
 *   of a function that reads it may call GetSecretValue (the upper bound used per order); at high volume each
 *   warm container calls it at most 12 times an hour (the cap used per month, with two containers each).
 * - Logs: about 1.5 KB of log lines per invocation (START, END, REPORT and the JSON lines), kept 90 days.
 * - WAF in prod: one web ACL with 3 AWS managed rule groups and 1 rate-based rule
 *   (infra/constructs/edge-protection.ts); every CloudFront request inspected.
 * - Lambda's SQS pollers: 5 long polls of 20 s at a time per event source mapping, all month.
 */
export const ASSUMPTIONS = {
  sellerPageLoads: 3,
  staffPageLoads: 1,
  kmsRequestsPerOrder: 2,
  secretCacheMinutes: 5,
  secretContainersPerFunction: 2,
  logBytesPerInvocation: 1536,
  logRetentionMonths: 3,
  customMetrics: 2,
  wafRules: 4,
  kmsKeys: 1,
  staffUsers: 3,
  esmPollersPerQueue: 5,
  esmLongPollSeconds: 20,
  daysPerMonth: 30,
} as const;

const GB = 1024 ** 3;
const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

/** Counts per order: each phase's counts summed over the measured orders, divided by their number. */
export function perOrderCounts(flow: FlowCounts) {
  const all = Object.values(flow.phases).flat();
  const n = Math.max(1, flow.orders);
  const byFunction: Record<
    string,
    { invocations: number; gbSeconds: number; averageMs: number; memoryMb: number; readsSecret: boolean }
  > = {};
  for (const counts of all) {
    for (const [name, f] of Object.entries(counts.lambda)) {
      byFunction[name] ??= {
        invocations: 0,
        gbSeconds: 0,
        averageMs: 0,
        memoryMb: f.memoryMb,
        readsSecret: f.readsSecret,
      };
      const row = byFunction[name];
      row.invocations += f.invocations / n;
      row.gbSeconds += f.gbSeconds / n;
      // Summed ms for now; divided by the invocations below.
      row.averageMs += f.billedMs / n;
    }
  }
  for (const row of Object.values(byFunction)) {
    row.averageMs = row.invocations ? row.averageMs / row.invocations : 0;
  }
  const s3 = (kinds: string[]) =>
    sum(
      all.map((c) =>
        sum(
          Object.entries(c.s3.requests)
            .filter(([k]) => kinds.includes(k))
            .map(([, v]) => v),
        ),
      ),
    ) / n;
  return {
    byFunction,
    invocations: sum(Object.values(byFunction).map((f) => f.invocations)),
    gbSeconds: sum(Object.values(byFunction).map((f) => f.gbSeconds)),
    readUnits: sum(all.map((c) => c.dynamodb.readUnits)) / n,
    writeUnits: sum(all.map((c) => c.dynamodb.writeUnits)) / n,
    dynamodbRequests: sum(all.map((c) => sum(Object.values(c.dynamodb.requests)))) / n,
    /** Sends, receives that got messages, deletes and the rest; empty long polls are the fixed cost below. */
    sqsRequests: sum(all.map((c) => c.sqs.billedRequests - c.sqs.emptyReceives)) / n,
    sesEmails: sum(all.map((c) => c.ses.recipients)) / n,
    s3Writes: s3(['PUT', 'POST', 'LIST', 'COPY']),
    s3Reads: s3(['GET', 'HEAD']),
    /** Invocations of functions that may read the provider secret: GetSecretValue calls at most. */
    secretReadsUpperBound: sum(
      Object.values(byFunction)
        .filter((f) => f.readsSecret)
        .map((f) => f.invocations),
    ),
  };
}

export interface CostLine {
  service: string;
  quantityPerOrder: number;
  unit: string;
  usdPerOrder: number;
  usdPer1000Orders: number;
}

export interface FixedLine {
  item: string;
  quantity: number;
  usdPerMonth: number;
  prodOnly?: boolean;
}

export interface CostReport {
  pricesAsOf: string;
  region: string;
  ordersMeasured: number;
  note: string;
  perOrder: ReturnType<typeof perOrderCounts> & {
    apiRequests: number;
    cloudfrontRequests: number;
    cloudfrontBytes: number;
    kmsRequests: number;
  };
  byPhase: Record<
    string,
    {
      invocations: number;
      gbSeconds: number;
      readUnits: number;
      writeUnits: number;
      sqsRequests: number;
      emails: number;
    }
  >;
  lines: CostLine[];
  fixed: FixedLine[];
  monthly: Array<{
    ordersPerDay: number;
    variableUsd: number;
    fixedUsd: number;
    totalUsd: number;
    usdPerOrder: number;
  }>;
  assumptions: typeof ASSUMPTIONS;
  /** What the static side of the model was computed from. */
  inputs: {
    /** The measured counts, phase by phase and order by order: enough to price them again. */
    flow: FlowCounts;
    web: WebAssets;
    images: CostInput['images'];
    template: TemplateFacts;
    apiRequestsPerOrder: Record<string, number>;
  };
}

/** The fixed monthly costs: what the stage pays with no orders at all. */
export function fixedMonthly(template: TemplateFacts): FixedLine[] {
  const p = PRICES;
  const a = ASSUMPTIONS;
  const esmRequests =
    template.eventSourceMappings *
    a.esmPollersPerQueue *
    ((60 / a.esmLongPollSeconds) * 60 * 24 * a.daysPerMonth);
  const kmsKeys = Math.max(template.kmsKeys, a.kmsKeys);
  return [
    {
      item: `CloudWatch alarms in the template (${template.alarms} alarms, ${template.alarmMetrics} metrics)`,
      quantity: template.alarmMetrics,
      usdPerMonth: template.alarmMetrics * p.cloudwatch.perAlarmMetricMonth,
    },
    {
      item: 'CloudWatch custom metrics (LabelPermanentFailures, OutboxPermanentFailures)',
      quantity: a.customMetrics,
      usdPerMonth: a.customMetrics * p.cloudwatch.perCustomMetricMonth,
    },
    {
      item: 'KMS customer managed key (payout details)',
      quantity: kmsKeys,
      usdPerMonth: kmsKeys * p.kms.perCustomerKeyMonth,
    },
    {
      item: 'Secrets Manager secrets',
      quantity: template.secrets,
      usdPerMonth: template.secrets * p.secretsManager.perSecretMonth,
    },
    {
      item: `SQS long polls of Lambda's pollers (${template.eventSourceMappings} queues x ${a.esmPollersPerQueue} pollers)`,
      quantity: Math.round(esmRequests),
      usdPerMonth: esmRequests * p.sqs.perRequest,
    },
    {
      item: `Cognito (Essentials, ${a.staffUsers} staff: free tier) with threat protection (Plus)`,
      quantity: a.staffUsers,
      usdPerMonth: a.staffUsers * p.cognito.perMauPlus,
      prodOnly: true,
    },
    {
      item: `WAF web ACL and ${a.wafRules} rules`,
      quantity: 1 + a.wafRules,
      usdPerMonth: p.waf.perWebAclMonth + a.wafRules * p.waf.perRuleMonth,
      prodOnly: true,
    },
  ];
}

export function costReport(input: CostInput): CostReport {
  const p = PRICES;
  const a = ASSUMPTIONS;
  const per = perOrderCounts(input.flow);
  const apiRequests = sum(Object.values(input.apiRequestsPerOrder));
  // Twilio's delivery callbacks reach the API too (the bench sends the rest itself).
  const twilioCallbacks = sum(
    Object.entries(per.byFunction)
      .filter(([name]) => /twilio/i.test(name))
      .map(([, f]) => f.invocations),
  );
  const apiGatewayRequests = apiRequests + twilioCallbacks;
  const loads = a.sellerPageLoads + a.staffPageLoads;
  const staticRequests = loads * (1 + input.web.initialFiles) + input.web.lazyFiles + input.images.count;
  const staticBytes =
    loads * (input.web.htmlGzipBytes + input.web.initialGzipBytes) +
    input.web.lazyGzipBytes +
    input.images.count * input.images.averageBytes;
  const cloudfrontRequests = apiGatewayRequests + staticRequests;
  const cloudfrontBytes = staticBytes + (input.apiBytesPerOrder ?? 0);
  // The app's functions share one architecture; CDK's own helpers (a custom resource's provider), which never
  // run per order, may not: the template's majority decides.
  const arm = input.template.armFunctions * 2 > input.template.functions;
  const logGb = (per.invocations * a.logBytesPerInvocation) / GB;

  const line = (service: string, quantityPerOrder: number, unit: string, usdPerOrder: number): CostLine => ({
    service,
    quantityPerOrder: round(quantityPerOrder, 3),
    unit,
    usdPerOrder,
    usdPer1000Orders: round(usdPerOrder * 1000, 4),
  });
  const lines: CostLine[] = [
    line('Lambda requests', per.invocations, 'invocations', per.invocations * p.lambda.perRequest),
    line(
      `Lambda duration (${arm ? 'arm64' : 'x86_64'})`,
      per.gbSeconds,
      'GB-s',
      per.gbSeconds * (arm ? p.lambda.perGbSecondArm : p.lambda.perGbSecondX86),
    ),
    line(
      'API Gateway (HTTP API)',
      apiGatewayRequests,
      'requests',
      apiGatewayRequests * p.apiGateway.perHttpApiRequest,
    ),
    line('DynamoDB reads', per.readUnits, 'RRU', per.readUnits * p.dynamodb.perReadRequestUnit),
    line('DynamoDB writes', per.writeUnits, 'WRU', per.writeUnits * p.dynamodb.perWriteRequestUnit),
    line('SQS', per.sqsRequests, 'requests', per.sqsRequests * p.sqs.perRequest),
    line('SES', per.sesEmails, 'e-mails', per.sesEmails * p.ses.perEmail),
    line(
      'S3 requests',
      per.s3Writes + per.s3Reads,
      'requests',
      per.s3Writes * p.s3.perWriteRequest + per.s3Reads * p.s3.perReadRequest,
    ),
    line('CloudFront requests', cloudfrontRequests, 'requests', cloudfrontRequests * p.cloudfront.perRequest),
    line(
      'CloudFront transfer',
      cloudfrontBytes / 1024 ** 2,
      'MB',
      (cloudfrontBytes / GB) * p.cloudfront.perGbOut,
    ),
    line('WAF requests (prod)', cloudfrontRequests, 'requests', cloudfrontRequests * p.waf.perRequest),
    line('KMS requests', a.kmsRequestsPerOrder, 'requests', a.kmsRequestsPerOrder * p.kms.perRequest),
    line(
      'Secrets Manager (upper bound)',
      per.secretReadsUpperBound,
      'GetSecretValue',
      per.secretReadsUpperBound * p.secretsManager.perApiCall,
    ),
    line(
      'CloudWatch Logs (estimate)',
      (per.invocations * a.logBytesPerInvocation) / 1024,
      'KB',
      logGb * (p.cloudwatch.perGbLogsIngested + a.logRetentionMonths * p.cloudwatch.perGbMonthLogsStored),
    ),
  ];
  const usdPerOrder = sum(lines.map((l) => l.usdPerOrder));
  const secretLine = lines.find((l) => l.service.startsWith('Secrets Manager'))!;
  const fixed = fixedMonthly(input.template);
  const fixedUsd = sum(fixed.map((f) => f.usdPerMonth));
  const secretFunctions = Object.values(per.byFunction).filter((f) => f.readsSecret).length;
  const secretCap =
    secretFunctions *
    a.secretContainersPerFunction *
    ((60 / a.secretCacheMinutes) * 24 * a.daysPerMonth) *
    p.secretsManager.perApiCall;
  const monthly = [100, 10_000].map((ordersPerDay) => {
    const orders = ordersPerDay * a.daysPerMonth;
    // The secret's cache caps its calls however many orders there are.
    const secrets = Math.min(secretLine.usdPerOrder * orders, Math.max(secretCap, 0));
    const variableUsd = (usdPerOrder - secretLine.usdPerOrder) * orders + secrets;
    return {
      ordersPerDay,
      variableUsd: round(variableUsd, 2),
      fixedUsd: round(fixedUsd, 2),
      totalUsd: round(variableUsd + fixedUsd, 2),
      usdPerOrder: round((variableUsd + fixedUsd) / orders, 5),
    };
  });
  const byPhase: CostReport['byPhase'] = {};
  const n = Math.max(1, input.flow.orders);
  for (const [phase, runs] of Object.entries(input.flow.phases)) {
    byPhase[phase] = {
      invocations: round(sum(runs.map((c) => sum(Object.values(c.lambda).map((f) => f.invocations)))) / n, 2),
      gbSeconds: round(sum(runs.map((c) => sum(Object.values(c.lambda).map((f) => f.gbSeconds)))) / n, 3),
      readUnits: round(sum(runs.map((c) => c.dynamodb.readUnits)) / n, 2),
      writeUnits: round(sum(runs.map((c) => c.dynamodb.writeUnits)) / n, 2),
      sqsRequests: round(sum(runs.map((c) => c.sqs.billedRequests - c.sqs.emptyReceives)) / n, 2),
      emails: round(sum(runs.map((c) => c.ses.recipients)) / n, 2),
    };
  }
  return {
    pricesAsOf: PRICES_AS_OF,
    region: PRICES_REGION,
    ordersMeasured: input.flow.orders,
    note:
      'Lambda durations are local wall times (worker threads on a shared machine), a proxy for billed duration; ' +
      'DynamoDB units are those DynamoDB Local reports in ConsumedCapacity (the on-demand rules, indexes included).',
    perOrder: {
      ...per,
      apiRequests: apiGatewayRequests,
      cloudfrontRequests,
      cloudfrontBytes,
      kmsRequests: a.kmsRequestsPerOrder,
    },
    byPhase,
    lines,
    fixed,
    monthly,
    assumptions: ASSUMPTIONS,
    inputs: {
      flow: input.flow,
      web: input.web,
      images: input.images,
      template: input.template,
      apiRequestsPerOrder: input.apiRequestsPerOrder,
    },
  };
}

const usd = (n: number) => (n >= 1 ? `$${n.toFixed(2)}` : `$${n.toFixed(4)}`);

/** The report as the text tables docs/operations.md shows. */
export function costTables(report: CostReport): string {
  const rows = [
    '| service | per order | unit | $ per 1,000 orders |',
    '| --- | ---: | --- | ---: |',
    ...report.lines.map(
      (l) => `| ${l.service} | ${l.quantityPerOrder} | ${l.unit} | ${usd(l.usdPer1000Orders)} |`,
    ),
    `| **total** | | | **${usd(sum(report.lines.map((l) => l.usdPer1000Orders)))}** |`,
    '',
    '| fixed, per month | quantity | $ per month |',
    '| --- | ---: | ---: |',
    ...report.fixed.map(
      (f) => `| ${f.item}${f.prodOnly ? ' (prod)' : ''} | ${f.quantity} | ${usd(f.usdPerMonth)} |`,
    ),
    `| **total** | | **${usd(sum(report.fixed.map((f) => f.usdPerMonth)))}** |`,
    '',
    '| orders a day | per-order costs / month | fixed / month | total / month | $ per order |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...report.monthly.map(
      (m) =>
        `| ${m.ordersPerDay.toLocaleString('en-US')} | ${usd(m.variableUsd)} | ${usd(m.fixedUsd)} | ${usd(m.totalUsd)} | ${usd(m.usdPerOrder)} |`,
    ),
    '',
    '| phase | invocations | GB-s | RRU | WRU | SQS requests | e-mails |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...Object.entries(report.byPhase).map(
      ([phase, c]) =>
        `| ${phase} | ${c.invocations} | ${c.gbSeconds} | ${c.readUnits} | ${c.writeUnits} | ${c.sqsRequests} | ${c.emails} |`,
    ),
    '',
    '| function | invocations per order | memory MB | average billed ms | GB-s per order |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...Object.entries(report.perOrder.byFunction)
      .sort(([, x], [, y]) => y.gbSeconds - x.gbSeconds)
      .map(
        ([name, f]) =>
          `| ${name} | ${round(f.invocations, 2)} | ${f.memoryMb} | ${Math.round(f.averageMs)} | ${round(f.gbSeconds, 3)} |`,
      ),
  ];
  return rows.join('\n');
}
