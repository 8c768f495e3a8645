/**
 * Least privilege inside the one table, checked against the synthesized policies (each function's role found in
 * the construct tree, nested stacks included) with a small IAM evaluator (test/support/iam-policy.ts):
 * - negatives: what the public routes must never do;
 * - positives: every DynamoDB call the functions made while the integration tests ran (recorded by the local
 *   stack, test/infra/fixtures/table-access.jsonl; `npm run record:table-access` refreshes it) is allowed by
 *   that function's policy. The local stack enforces no IAM: this is what catches a grant narrower than the code.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../infra/app';
import type { BuybackStack } from '../../infra/stack';
import { routes, schedules, streamConsumers, subscribers, workers } from '../../shared/routes';
import { TABLE_INDEXES } from '../../shared/runtime-env';
import { isTableCapability } from '../../shared/table-access';
import { INDEX_PARTITIONS, TABLE_PARTITIONS } from '../../shared/table-keys';
import { type FunctionPolicies, functionPolicies } from '../support/function-policies';
import { isAllowed } from '../support/iam-policy';
import { documentedTableAccess, renderTableAccess, unpadded } from '../support/table-access-doc';
import type { TableAccessRecord } from '../support/table-access-recorder';

const TABLE_ACCESS_FIXTURE = path.join(__dirname, 'fixtures', 'table-access.jsonl');
const DOC = path.join(__dirname, '..', '..', 'docs', 'data-model.md');

const tmp = mkdtempSync(path.join(tmpdir(), 'table-access-test-'));
let policies: Map<string, FunctionPolicies>;

const allRows = {
  ...routes,
  ...workers,
  ...schedules,
  ...subscribers,
  ...streamConsumers,
} as Record<string, { capabilities: readonly unknown[] }>;

beforeAll(() => {
  // The policies do not depend on the code: an empty bundle per function is enough to synthesize.
  const functionsOutdir = path.join(tmp, 'functions');
  for (const key of Object.keys(allRows)) {
    mkdirSync(path.join(functionsOutdir, key), { recursive: true });
    writeFileSync(path.join(functionsOutdir, key, 'index.js'), '');
  }
  const { app, stack } = createApp({
    stage: 'dev',
    outdir: path.join(tmp, 'cdk.out'),
    functionsOutdir,
    webDir: path.join(tmp, 'no-web-build'),
    skipBuild: true,
    // test/infra/nag.test.ts runs them.
    checks: false,
  });
  app.synth();
  policies = functionPolicies(stack as BuybackStack);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const policyOf = (key: string): FunctionPolicies => {
  const found = policies.get(key);
  if (!found) throw new Error(`no function ${key}`);
  return found;
};

/** Whether `key`'s role may make `action` on the table (or an index) naming these partition keys. */
const may = (key: string, action: string, keys: string[], index?: string): boolean => {
  const fn = policyOf(key);
  return isAllowed(fn.policies, {
    action,
    resource: index ? `${fn.tableArn}/index/${index}` : fn.tableArn,
    context: { 'dynamodb:LeadingKeys': keys },
  });
};

/** One sample key in every table partition, and in every partition of every index. */
const sampleKeys = Object.values(TABLE_PARTITIONS).map((p) => (p.endsWith('#') ? `${p}sample` : p));
const sampleIndexKeys = (index: keyof typeof INDEX_PARTITIONS) =>
  Object.values(INDEX_PARTITIONS[index] as Record<string, string>).map((p) =>
    p.endsWith('#') ? `${p}sample` : p,
  );

const readFixture = (): TableAccessRecord[] =>
  readFileSync(TABLE_ACCESS_FIXTURE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TableAccessRecord);

describe('least privilege inside the table', () => {
  it("the byCustomer index's partition is a customer's key, so its grant names the same items", () => {
    expect(INDEX_PARTITIONS.byCustomer.customer).toBe(TABLE_PARTITIONS.customer);
  });

  it('the public catalogue and settings readers cannot read an order, a customer or a token', () => {
    for (const key of ['listProducts', 'getProduct', 'getSettings']) {
      for (const forbidden of ['ORDER#0a1b2c', 'CUSTOMER#abc', 'TOKEN#abc', 'IDEMPOTENCY#k']) {
        expect([key, forbidden, may(key, 'dynamodb:GetItem', [forbidden])]).toEqual([key, forbidden, false]);
        expect(may(key, 'dynamodb:BatchGetItem', ['PRODUCT#1', forbidden])).toBe(false);
        expect(may(key, 'dynamodb:Query', [forbidden])).toBe(false);
      }
      for (const index of Object.values(TABLE_INDEXES)) {
        expect(may(key, 'dynamodb:Query', ['ORDERS'], index.name)).toBe(false);
        expect(may(key, 'dynamodb:Query', ['CUSTOMERS'], index.name)).toBe(false);
      }
    }
    // What they do need, so the negatives above are not vacuous.
    expect(may('getProduct', 'dynamodb:GetItem', ['PRODUCT#1'])).toBe(true);
    expect(may('listProducts', 'dynamodb:Query', ['CATALOGUE'], TABLE_INDEXES.collection.name)).toBe(true);
    expect(may('getSettings', 'dynamodb:GetItem', ['SETTINGS'])).toBe(true);
  });

  it('no public route may delete, batch-write or scan anywhere', () => {
    const publicRoutes = Object.entries(routes).filter(([, r]) => r.auth === 'public');
    expect(publicRoutes.length).toBeGreaterThan(10);
    for (const [key] of publicRoutes) {
      for (const sample of sampleKeys) {
        expect([key, sample, may(key, 'dynamodb:DeleteItem', [sample])]).toEqual([key, sample, false]);
        expect([key, sample, may(key, 'dynamodb:BatchWriteItem', [sample])]).toEqual([key, sample, false]);
      }
    }
    // Scan: no function at all may (next test).
  });

  it('no function may Scan the table or an index (a LeadingKeys condition cannot bound a Scan)', () => {
    for (const key of policies.keys()) {
      expect([key, may(key, 'dynamodb:Scan', [])]).toEqual([key, false]);
      for (const index of Object.values(TABLE_INDEXES))
        expect([key, index.name, may(key, 'dynamodb:Scan', [], index.name)]).toEqual([
          key,
          index.name,
          false,
        ]);
    }
  });

  it('a function without a table capability reaches no item', () => {
    const without = Object.entries(allRows).filter(([, r]) => !r.capabilities.some(isTableCapability));
    expect(without.map(([key]) => key)).toContain('getAuthConfig');
    for (const [key] of without) {
      for (const sample of sampleKeys)
        expect([key, may(key, 'dynamodb:GetItem', [sample])]).toEqual([key, false]);
      for (const index of Object.keys(INDEX_PARTITIONS) as Array<keyof typeof INDEX_PARTITIONS>)
        for (const sample of sampleIndexKeys(index))
          expect([key, may(key, 'dynamodb:Query', [sample], TABLE_INDEXES[index].name)]).toEqual([
            key,
            false,
          ]);
    }
  });

  it('allows every DynamoDB call each function made during the recorded integration tests', () => {
    const records = readFixture();
    expect(records.length).toBeGreaterThan(50);
    const refused = records
      .filter((r) => !policies.has(r.fn) || !may(r.fn, r.action, r.keys, r.index))
      .map((r) => `${r.fn}: ${r.action}${r.index ? ` on index ${r.index}` : ''} [${r.keys.join(', ')}]`);
    expect(refused).toEqual([]);
  });

  // The largest today is the e-mail worker's, about 2,500 characters.
  it("every role's policies stay within IAM's 10,240 characters of inline policy per role", () => {
    for (const [key, fn] of policies) {
      // A deployed ARN is longer than the reference the template holds: count 128 characters for each.
      const size = JSON.stringify(fn.policies)
        .replace(/\{"(Fn::GetAtt|Ref)":[^{}]*\}/g, 'x'.repeat(128))
        .replace(/\s/g, '').length;
      expect([key, size < 10_240]).toEqual([key, true]);
    }
  });

  it('grants nothing the recording did not see, but for the paths read by hand (each with its reason)', () => {
    const values = [
      ...Object.values(TABLE_PARTITIONS),
      ...Object.values(INDEX_PARTITIONS).flatMap((p) => Object.values(p) as string[]),
    ];
    const partitionOf = (key: string) =>
      values
        .filter((v) => key === v || (v.endsWith('#') && key.startsWith(v)))
        .sort((a, b) => b.length - a.length)[0] ?? key;
    const seen = new Set(
      readFixture().flatMap((r) =>
        r.keys.map(
          (k) =>
            `${r.fn} ${r.action.replace('dynamodb:', '')}${r.index ? ` ${r.index}` : ''} ${partitionOf(k)}`,
        ),
      ),
    );
    const granted = Object.entries(allRows).flatMap(([key, row]) =>
      row.capabilities
        .filter(isTableCapability)
        .flatMap((c) =>
          'index' in c
            ? c.partitions.map(
                (p) =>
                  `${key} Query ${c.index} ${(INDEX_PARTITIONS[c.index] as Record<string, string>)[p as string]}`,
              )
            : c.table.flatMap((action) => c.partitions.map((p) => `${key} ${action} ${TABLE_PARTITIONS[p]}`)),
        ),
    );
    expect(granted.filter((g) => !seen.has(g) && !(g in READ_BY_HAND)).sort()).toEqual([]);
    // A path read by hand is still granted, and one the recording reaches is no longer listed, except those
    // whose reach depends on which test ran first (the first product numbers allocated find no counter).
    expect(
      Object.keys(READ_BY_HAND).filter(
        (g) => (seen.has(g) && !ORDER_DEPENDENT.has(g)) || !granted.includes(g),
      ),
    ).toEqual([]);
  });

  it('docs/data-model.md lists what each function may touch, as the rows say', () => {
    const documented = documentedTableAccess(readFileSync(DOC, 'utf8'));
    expect(unpadded(documented)).toBe(unpadded(renderTableAccess()));
  });

  it('the recording exercised every function that has a table capability (or says why not)', () => {
    // Functions no recorded integration test calls; each is covered by its own reading in docs/data-model.md.
    const notRecorded = new Set<string>(NOT_RECORDED);
    const recorded = new Set(readFixture().map((r) => r.fn));
    const withTable = Object.entries(allRows)
      .filter(([, r]) => r.capabilities.some(isTableCapability))
      .map(([key]) => key);
    expect(withTable.filter((key) => !recorded.has(key) && !notRecorded.has(key))).toEqual([]);
    // The list stays honest: a function the recording now covers leaves it.
    expect([...notRecorded].filter((key) => recorded.has(key))).toEqual([]);
  });
});

/**
 * Functions with table grants that no recorded integration test calls, each read by hand: adminRegenerateQrCode
 * makes regenerateQrCode's calls (Query and UpdateItem on its order's ORDER# partition) without the rate limits.
 */
const NOT_RECORDED: string[] = ['adminRegenerateQrCode'];

/** Grants no recorded test reaches, read in the code: `<function> <action> [index] <partition>` and why. */
/** Paths a recording may or may not reach, depending on the order the test files ran in. */
const ORDER_DEPENDENT = new Set([
  'adminImportProducts Query collection CATALOGUE',
  'adminCreateProduct Query collection CATALOGUE',
]);

const READ_BY_HAND: Record<string, string> = {
  'adminRegenerateQrCode Query ORDER#': 'loadForAdmin: the order and its shipment (one Query of ORDER#<id>)',
  'adminRegenerateQrCode UpdateItem ORDER#': 'recordQrCode: the shipment and the order, one transaction',
  'adminImportProducts Query collection CATALOGUE':
    'allocateProductIds: the highest productid when no counter exists',
  'adminCreateProduct Query collection CATALOGUE':
    'allocateProductIds: the highest productid when no counter exists',
  'adminSaveEmailSettings PutItem SETTINGS':
    'updateSettings: creates the record with the defaults when none exists',
  'adminUpdateSmsSettings PutItem SETTINGS':
    'updateSettings: creates the record with the defaults when none exists',
  'adminSendTestSms UpdateItem SMS#': 'sendOne: a message whose job could not be queued moves to failed',
  'adminSendSms UpdateItem SMS#': 'sendOne: a message whose job could not be queued moves to failed',
  'emailWorker UpdateItem EMAILJOB#': 'recordFailed: a job that failed for good is logged failed',
  // The inspection's SMS: SMS is off in the recorded run (no Twilio token in the local settings).
  'outboxRelay GetItem SMS#': 'queueOrderSms: the SMS record already written (a repeated relay run)',
  'outboxRelay GetItem SMSOPTOUT#': 'queueOrderSms: whether the seller opted out',
  'outboxRelay PutItem SMS#': 'queueOrderSms: the SMS record before its job',
  'outboxRelay UpdateItem SMS#': 'queueOrderSms: an opted-out or over-limit SMS recorded failed',
  'outboxRelay UpdateItem STATS#MESSAGING': "queueOrderSms: the day's SMS count against the daily limit",
};
