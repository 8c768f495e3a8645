import {
  ASSUMPTIONS,
  type CostInput,
  costReport,
  costTables,
  fixedMonthly,
} from '../../test/bench/cost-model';
import { PRICES } from '../../test/bench/cost-prices';
import type { CostCounts } from '../bench/cost-meter';

/** One phase's counts as the meter answers them. */
function counts(over: Partial<CostCounts> = {}): CostCounts {
  return {
    since: '2026-11-26T00:00:00.000Z',
    until: '2026-11-26T00:00:01.000Z',
    lambda: {},
    dynamodb: { requests: {}, readUnits: 0, writeUnits: 0, withoutCapacity: 0 },
    sqs: { requests: {}, billedRequests: 0, messagesSent: 0, receivesWithMessages: 0, emptyReceives: 0 },
    ses: { requests: {}, recipients: 0 },
    s3: { requests: {} },
    ...over,
  };
}

/** `invocations` of `msEach` billed milliseconds each. */
const fn = (invocations: number, memoryMb: number, msEach: number, readsSecret = false) => ({
  invocations,
  errors: 0,
  durationMs: invocations * msEach,
  billedMs: invocations * msEach,
  memoryMb,
  gbSeconds: (memoryMb / 1024) * ((invocations * msEach) / 1000),
  readsSecret,
});

const template = {
  alarms: 2,
  alarmMetrics: 11,
  alarmIds: ['MonitoringFunctionErrors1', 'JobsDeadLetterAlarm'],
  secrets: 1,
  kmsKeys: 0,
  queues: 6,
  eventSourceMappings: 3,
  functions: 4,
  armFunctions: 0,
};
const noWeb = { htmlGzipBytes: 0, initialFiles: 0, initialGzipBytes: 0, lazyFiles: 0, lazyGzipBytes: 0 };

/** Two orders measured: the first with twice the second's checkout work. */
const input = (): CostInput => ({
  flow: {
    orders: 2,
    phases: {
      checkout: [
        counts({
          lambda: { Create: fn(2, 1024, 1000), Worker: fn(2, 512, 1000, true) },
          dynamodb: { requests: { TransactWriteItems: 2 }, readUnits: 4, writeUnits: 40, withoutCapacity: 0 },
          sqs: {
            requests: {},
            billedRequests: 13,
            messagesSent: 2,
            receivesWithMessages: 2,
            emptyReceives: 7,
          },
          ses: { requests: {}, recipients: 2 },
          s3: { requests: { PUT: 2, GET: 4, LIST: 2 } },
        }),
        counts({
          lambda: { Create: fn(1, 1024, 1000), Worker: fn(1, 512, 1000, true) },
          dynamodb: { requests: { TransactWriteItems: 1 }, readUnits: 2, writeUnits: 20, withoutCapacity: 0 },
          sqs: {
            requests: {},
            billedRequests: 3,
            messagesSent: 1,
            receivesWithMessages: 1,
            emptyReceives: 0,
          },
          ses: { requests: {}, recipients: 1 },
        }),
      ],
    },
  },
  apiRequestsPerOrder: { checkout: 1.5 },
  template,
  web: noWeb,
  images: { count: 0, averageBytes: 0 },
});

const lineOf = (report: ReturnType<typeof costReport>, service: string) =>
  report.lines.find((l) => l.service.startsWith(service))!;

describe('the cost model', () => {
  test('counts per order are the measured orders averaged; empty long polls are left to the fixed costs', () => {
    const { perOrder } = costReport(input());
    expect(perOrder.invocations).toBe(3);
    // 1.5 invocations of 1 GB for 1 s, and 1.5 of 0.5 GB for 1 s.
    expect(perOrder.gbSeconds).toBeCloseTo(2.25, 10);
    expect(perOrder.readUnits).toBe(3);
    expect(perOrder.writeUnits).toBe(30);
    expect(perOrder.sqsRequests).toBe(4.5);
    expect(perOrder.sesEmails).toBe(1.5);
    expect(perOrder.s3Writes).toBe(2);
    expect(perOrder.s3Reads).toBe(2);
    expect(perOrder.secretReadsUpperBound).toBe(1.5);
  });

  test('each line is priced from cost-prices.ts, per order and per 1,000 orders', () => {
    const report = costReport(input());
    expect(lineOf(report, 'DynamoDB writes').usdPerOrder).toBeCloseTo(
      30 * PRICES.dynamodb.perWriteRequestUnit,
      12,
    );
    expect(lineOf(report, 'DynamoDB reads').usdPerOrder).toBeCloseTo(
      3 * PRICES.dynamodb.perReadRequestUnit,
      12,
    );
    expect(lineOf(report, 'Lambda duration (x86_64)').usdPerOrder).toBeCloseTo(
      2.25 * PRICES.lambda.perGbSecondX86,
      12,
    );
    expect(lineOf(report, 'SES').usdPer1000Orders).toBeCloseTo(1.5 * 0.1, 6);
    expect(lineOf(report, 'KMS').quantityPerOrder).toBe(ASSUMPTIONS.kmsRequestsPerOrder);
    // Every API request passes CloudFront, and so does each page load's index.html (no other assets here);
    // WAF inspects each one in prod.
    const cloudfront = 1.5 + ASSUMPTIONS.sellerPageLoads + ASSUMPTIONS.staffPageLoads;
    expect(lineOf(report, 'CloudFront requests').quantityPerOrder).toBe(cloudfront);
    expect(lineOf(report, 'WAF').quantityPerOrder).toBe(cloudfront);
  });

  test("arm64 pricing when most of the template's functions are arm64 (CDK's helpers may not be)", () => {
    const arm = costReport({ ...input(), template: { ...template, armFunctions: 3 } });
    expect(lineOf(arm, 'Lambda duration (arm64)').usdPerOrder).toBeCloseTo(
      2.25 * PRICES.lambda.perGbSecondArm,
      12,
    );
    const x86 = costReport({ ...input(), template: { ...template, armFunctions: 2 } });
    expect(lineOf(x86, 'Lambda duration (x86_64)').usdPerOrder).toBeCloseTo(
      2.25 * PRICES.lambda.perGbSecondX86,
      12,
    );
  });

  test('a month is 30 days of orders at the per-order price plus the fixed costs', () => {
    const report = costReport(input());
    const perOrder = report.lines.reduce((s, l) => s + l.usdPerOrder, 0);
    const fixed = fixedMonthly(template).reduce((s, f) => s + f.usdPerMonth, 0);
    const [low, high] = report.monthly;
    expect(low.ordersPerDay).toBe(100);
    expect(low.variableUsd).toBeCloseTo(perOrder * 3000, 2);
    expect(low.totalUsd).toBeCloseTo(perOrder * 3000 + fixed, 2);
    expect(high.ordersPerDay).toBe(10_000);
    // The secret's cache caps its calls: at 300,000 orders fewer than one call per order.
    const secretPerOrder = lineOf(report, 'Secrets Manager').usdPerOrder;
    expect(high.variableUsd).toBeLessThan(perOrder * 300_000);
    expect(high.variableUsd).toBeCloseTo(
      (perOrder - secretPerOrder) * 300_000 + 1 * 2 * 12 * 24 * 30 * PRICES.secretsManager.perApiCall,
      2,
    );
  });

  test('the fixed costs: alarm metrics from the template, WAF in prod, pollers all month', () => {
    const fixed = fixedMonthly(template);
    const item = (start: string) => fixed.find((f) => f.item.startsWith(start))!;
    expect(item('CloudWatch alarms in the template').usdPerMonth).toBeCloseTo(1.1, 10);
    expect(item('WAF').usdPerMonth).toBe(5 + 4);
    expect(item('WAF').prodOnly).toBe(true);
    // 3 queues x 5 pollers x a 20 s long poll all month.
    expect(item('SQS long polls').quantity).toBe(3 * 5 * 3 * 60 * 24 * 30);
    expect(item('KMS').quantity).toBe(1);
  });

  test('the tables name every line, the totals and both volumes', () => {
    const text = costTables(costReport(input()));
    expect(text).toContain('| DynamoDB writes | 30 | WRU |');
    expect(text).toContain('| 100 |');
    expect(text).toContain('| 10,000 |');
    expect(text).toContain('| checkout | 3 | 2.25 | 3 | 30 | 4.5 | 1.5 |');
  });
});
