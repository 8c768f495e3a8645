import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, type Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as sns from 'aws-cdk-lib/aws-sns';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { createApp } from '../../infra/app';
import {
  type RouteDef,
  routes,
  schedules,
  streamConsumers,
  subscribers,
  type WorkerDef,
  workers,
} from '../../shared/routes';
import { items, query } from '../../shared/table-access';
import { functionsFolderFor, sharedFunctionBuild } from '../support/function-build-run';

jest.setTimeout(120_000);

// cdk-nag 3 is a policy-validation plugin, not an Aspect: findings go to the validation report (and fail synth
// when they are errors), not to annotations. The pack is run again here to see warnings as well.

// An admin route, a worker on another queue, every capability, a web build and an alarm address: every optional
// branch of the stack, so every acknowledgement is exercised.
const fullRoutes: Record<string, RouteDef> = {
  ...routes,
  adminProbe: {
    ...routes.getProduct,
    method: 'PUT',
    path: '/api/admin/probe/{id}',
    auth: 'admin',
    capabilities: [
      items(['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], 'product'),
      query('collection', 'catalogue'),
      'product-images:read',
      'product-images:write',
      'order-photos:read',
      'order-photos:write',
      'secret:read',
      'signing-secret:write',
      'email-jobs:send',
      'sms-jobs:send',
    ],
  },
};
const fullWorkers: Record<string, WorkerDef> = {
  ...workers,
  smsProbe: {
    ...workers.emailWorker,
    queue: 'sms-jobs',
    capabilities: [items(['GetItem'], 'settings'), 'label-jobs:send'],
  },
};

const tmp = mkdtempSync(path.join(tmpdir(), 'infra-nag-test-'));
const webDir = path.join(tmp, 'web');
const variants = {
  'dev, the real route table, no web build': {
    stage: 'dev',
    routes,
    workers,
    webDir: path.join(tmp, 'no-web'),
  },
  'prod, every capability, a web build and alarm e-mail': {
    stage: 'prod',
    routes: fullRoutes,
    workers: fullWorkers,
    webDir,
    config: {
      alarmEmail: 'ops@buyback.store',
      emailFrom: 'orders@buyback.store',
      domain: 'shop.buyback.store',
      hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'buyback.store' },
    },
  },
} as const;

const synthesized: Record<string, { app: App; stack: Stack; outdir: string }> = {};

beforeAll(async () => {
  mkdirSync(webDir);
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>test</title>');
  // The run's one build of the functions (test/support/function-build.ts), laid out for these tables.
  const functionsOutdir = functionsFolderFor(
    await sharedFunctionBuild(),
    { ...fullRoutes, ...fullWorkers, ...schedules, ...subscribers, ...streamConsumers },
    path.join(tmp, 'functions'),
  );
  for (const [name, variant] of Object.entries(variants)) {
    const outdir = path.join(tmp, name.replace(/\W+/g, '-'));
    // synth throws on any unacknowledged nag error (NODE_ENV=test makes the app "in-memory").
    const { app, stack } = createApp({ ...variant, outdir, functionsOutdir, skipBuild: true });
    app.synth();
    synthesized[name] = { app, stack, outdir };
  }
  // Waits for the build the run started in the background, then synthesizes both variants.
}, 600_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function findings(app: App, ignoreAcknowledgements = false) {
  const pack = new AwsSolutionsChecks(undefined, { verbose: true });
  if (ignoreAcknowledgements) Object.assign(pack, { isAcknowledged: () => false });
  return pack.validateScope(app).violations.flatMap((v) =>
    v.violatingResources.map((r) => ({
      rule: v.ruleName,
      severity: v.severity,
      path: r.constructPath ?? '',
    })),
  );
}

/** Every `Validations.acknowledge` in the tree: where, which rule, and why. */
function acknowledgements(scope: IConstruct) {
  return scope.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
          path: c.node.path,
          rule: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

describe.each(Object.keys(variants))('%s', (name) => {
  test('AwsSolutions: no unacknowledged errors or warnings', () => {
    const { app } = synthesized[name];
    expect(findings(app).map((f) => `${f.severity} ${f.rule} at ${f.path}`)).toEqual([]);
  });

  test('the synth validation report and annotations are clean', () => {
    const { outdir, stack } = synthesized[name];
    const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'));
    expect(report.pluginReports.flatMap((r: { violations?: unknown[] }) => r.violations ?? [])).toEqual([]);
    expect(Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual(
      [],
    );
    expect(Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual(
      [],
    );
  });

  test('every acknowledgement silences a real finding and says why', () => {
    const { app } = synthesized[name];
    const raw = findings(app, true);
    const acks = acknowledgements(app);
    const stale = acks.filter(
      (ack) =>
        !raw.some((f) => f.rule === ack.rule && (f.path === ack.path || f.path.startsWith(`${ack.path}/`))),
    );
    expect(stale.map((a) => `${a.rule} at ${a.path}`)).toEqual([]);
    for (const ack of acks) expect(ack.reason.length).toBeGreaterThan(40);
  });
});

test('the full variant really has the optional parts it checks', () => {
  const { stack } = synthesized['prod, every capability, a web build and alarm e-mail'];
  const all = stack.node.findAll();
  expect(all.some((c) => c instanceof s3deploy.BucketDeployment)).toBe(true);
  expect(all.some((c) => c instanceof sns.Topic)).toBe(true);
  expect(all.some((c) => c instanceof apigwv2.HttpRoute && c.node.id === 'adminProbeRoute')).toBe(true);
});
