import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { Metafile } from 'esbuild';
import { createApp } from '../../../infra/app';
import { readAssembly } from '../../../infra/local/synth';
import {
  type RouteDef,
  routes,
  schedules,
  streamConsumers,
  subscribers,
  type WorkerDef,
  workers,
} from '../../../shared/routes';
import { items, query } from '../../../shared/table-access';
import {
  type FunctionBuild,
  functionsFolderFor,
  sharedFunctionBuild,
} from '../../support/function-build-run';
import { doOnce, INFRA_SYNTH_DIR, waitFor } from './synth-run';

// The real tables plus rows the real ones may not have yet: an admin route and a worker on another queue, both
// touching every capability, so authorizer, grants and visibility rules are exercised today.
export const testRoutes: Record<string, RouteDef> = {
  ...routes,
  adminProbe: {
    method: 'POST',
    path: '/api/admin/probe/{id}',
    auth: 'admin',
    handler: routes.getProduct.handler,
    request: {},
    response: routes.getProduct.response,
    capabilities: [
      items(['GetItem', 'PutItem', 'UpdateItem'], 'product'),
      'product-images:read',
      'order-photos:write',
      'secret:read',
      'email-jobs:send',
      'label-jobs:send',
    ],
  },
};
export const testWorkers: Record<string, WorkerDef> = {
  ...workers,
  smsProbe: {
    queue: 'sms-jobs',
    handler: workers.emailWorker.handler,
    timeoutSeconds: 45,
    batchSize: 5,
    retryBaseSeconds: 10,
    capabilities: [query('collection', 'smsLog'), 'email-jobs:send'],
  },
};

// biome-ignore lint/suspicious/noExplicitAny: synthesized CloudFormation is untyped JSON; the tests assert its shape.
export type Cfn = any;
export type Resource = {
  Type: string;
  Properties?: Record<string, Cfn>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
export type Json = { Resources: Record<string, Resource>; Outputs: Record<string, unknown> };

/**
 * What `cdk deploy -c stage=prod` must be given: someone to alarm, a sender SES can verify, and the shop's own
 * domain with the Route 53 zone that holds it.
 */
export const PROD_FLAGS = {
  alarmEmail: 'ops@buyback.store',
  emailFrom: 'orders@buyback.store',
  domain: 'shop.buyback.store',
  hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'buyback.store' },
};

/** The calling test file's scratch folder, removed after it. */
export const tmp = mkdtempSync(path.join(tmpdir(), 'infra-stack-test-'));
/** Where the stages are synthesized: the jest run's shared folder (./synth-run.ts), or this file's own. */
const synthDir = process.env[INFRA_SYNTH_DIR] ?? path.join(tmp, 'synth');
export const functionsOutdir = path.join(synthDir, 'functions');
const STAGES = ['dev', 'prod'] as const;
const outdirOf = (stage: string) => path.join(synthDir, `cdk.out.${stage}`);
const jsonOf = (stage: string) => path.join(synthDir, `${stage}.merged.json`);
export const templates: Record<'dev' | 'prod', { template: Template; json: Json; outdir: string }> =
  {} as never;
/** The run's one build of the functions and what it reported (set by the beforeAll of synthesizeStages). */
export const built: { metafile: Metafile; build: FunctionBuild } = {
  metafile: undefined as never,
  build: undefined as never,
};

/** Synthesizes one stage into the synth folder, and writes its template read with its nested stacks. */
function synthesize(stage: (typeof STAGES)[number]): void {
  const { app, stack } = createApp({
    stage,
    outdir: outdirOf(stage),
    functionsOutdir,
    webDir: path.join(synthDir, 'no-web-build'),
    routes: testRoutes,
    workers: testWorkers,
    skipBuild: true,
    config: stage === 'prod' ? PROD_FLAGS : {},
    // test/infra/nag.test.ts runs them.
    checks: false,
  });
  app.synth();
  // The routes live in nested stacks: read them into the parent as the local runner does.
  writeFileSync(jsonOf(stage), JSON.stringify(readAssembly(outdirOf(stage), stack).template));
}

/**
 * Gives the calling test file dev and prod (the prod flags above), read with their nested stacks as the local
 * runner reads them: synthesized once per jest run, by whichever file gets there first (./synth-run.ts), or by
 * this file when run outside the infra project's setup.
 */
export function synthesizeStages(): void {
  jest.setTimeout(180_000);
  beforeAll(async () => {
    // The run's one build of the functions (test/support/function-build.ts), laid out for the test tables.
    built.build = await sharedFunctionBuild();
    built.metafile = built.build.metafile;
    mkdirSync(synthDir, { recursive: true });
    doOnce(synthDir, 'functions', () =>
      functionsFolderFor(
        built.build,
        { ...testRoutes, ...testWorkers, ...schedules, ...subscribers, ...streamConsumers },
        functionsOutdir,
      ),
    );
    await waitFor(synthDir, 'functions');
    // Each stage is claimed on its own, so two files starting together synthesize dev and prod side by side.
    for (const stage of STAGES) doOnce(synthDir, stage, () => synthesize(stage));
    for (const stage of STAGES) {
      await waitFor(synthDir, stage);
      const json = JSON.parse(readFileSync(jsonOf(stage), 'utf8')) as Json;
      templates[stage] = { template: Template.fromJSON(json), json, outdir: outdirOf(stage) };
    }
  }, 600_000);
  // The shared synth folder stays: other files read it, and the run's teardown removes it.
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
}

export const dev = () => templates.dev;
const byType = new WeakMap<Json, Map<string, Array<[string, Resource]>>>();
/** A template's resources of one type, grouped once per template: the tests ask hundreds of times. */
export function ofType(json: Json, type: string): Array<[string, Resource]> {
  let groups = byType.get(json);
  if (!groups) {
    groups = new Map();
    for (const entry of Object.entries(json.Resources)) {
      const list = groups.get(entry[1].Type) ?? [];
      list.push(entry);
      groups.set(entry[1].Type, list);
    }
    byType.set(json, groups);
  }
  return [...(groups.get(type) ?? [])];
}
export const refOf = (value: Cfn): string | undefined => value?.Ref ?? value?.['Fn::GetAtt']?.[0];

/** Logical ids a resource points at (Ref, GetAtt, Sub, DependsOn), for the cycle check. */
export function referencedIds(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencedIds(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string') found.add(v);
      else if (key === 'Fn::GetAtt') found.add(Array.isArray(v) ? v[0] : String(v).split('.')[0]);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(v) ? v[0] : v;
        for (const m of String(text).matchAll(/\$\{([^}.!]+)/g)) found.add(m[1]);
        if (Array.isArray(v)) referencedIds(v[1], found);
      } else referencedIds(v, found);
    }
  }
  return found;
}

export function functionOfRoute(json: Json, routeKey: string): [string, Resource] {
  const route = ofType(json, 'AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties?.RouteKey === routeKey);
  if (!route) throw new Error(`no route ${routeKey}`);
  const integrationId = route[1].Properties?.Target['Fn::Join'][1][1].Ref;
  const integration = json.Resources[integrationId];
  const fnId = refOf(integration.Properties?.IntegrationUri)!;
  return [fnId, json.Resources[fnId]];
}
export function pascalQueue(queue: string): string {
  return queue.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
}

/** Renders an Fn::Join as text, intrinsic parts as `<Ref>` or `<LogicalId.Attr>`. */
export function flattenJoin(value: Cfn): string {
  if (typeof value === 'string') return value;
  const [, parts] = value['Fn::Join'];
  return parts
    .map((p: Cfn) => (typeof p === 'string' ? p : p.Ref ? `<${p.Ref}>` : `<${p['Fn::GetAtt'].join('.')}>`))
    .join('');
}
