/**
 * The CDK app. `npx cdk synth|deploy -c stage=dev|prod` runs this file (see cdk.json); it bundles the functions
 * itself. The web build is uploaded only if `dist/web` exists when it runs, so deploy with
 * `npm run build:web && npx cdk deploy -c stage=prod` (a deploy without it leaves the site's files as they are).
 * Context: `-c alarmEmail=ops@...` (alarm notifications), `-c emailFrom=orders@...` (the sender, whose domain
 * becomes an SES identity) and `-c domain=shop.example.com` (the site's own host name): optional in dev, required
 * in prod (stage-config.ts checkStageConfig says which is missing). `-c hostedZoneId=Z... [-c
 * hostedZoneName=example.com]` names the Route 53 zone the stack writes its DNS records to.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import {
  type RouteDef,
  routes as routeTable,
  type ScheduleDef,
  schedules as scheduleTable,
  type WorkerDef,
  workers as workerTable,
} from '../shared/routes.js';
import { buildFunctions, repoRoot } from './build-functions.js';
import { BuybackStack } from './stack.js';
import { hostedZoneOf, parseStage, type StageConfig, stageConfig } from './stage-config.js';

export interface CreateAppOptions {
  /** `dev` or `prod`; defaults to the `-c stage=...` context, then `dev`. */
  stage?: string;
  /** Cloud assembly directory; the CLI's (cdk.out) or a fresh temp folder when unset. */
  outdir?: string;
  /** Where the function bundles are written and taken from. */
  functionsOutdir?: string;
  /** The web build to deploy if it exists. */
  webDir?: string;
  /** Tests inject their own tables (e.g. an admin row); the real ones otherwise. */
  routes?: Record<string, RouteDef>;
  workers?: Record<string, WorkerDef>;
  schedules?: Record<string, ScheduleDef>;
  /** Stage settings on top of the stage's defaults (e.g. alarmEmail). */
  config?: Partial<Omit<StageConfig, 'stage'>>;
  /** Reuse bundles already in functionsOutdir instead of building. */
  skipBuild?: boolean;
  /**
   * The synth's checks: cdk-nag's AwsSolutions pack (an unacknowledged error fails the synth) and CloudFormation's
   * template validation, on unless false. Off for a synth that is not deployed and is checked elsewhere: the
   * local runner's, and the infra tests' other than test/infra/nag.test.ts (the validation is seconds of CPU a synth).
   */
  checks?: boolean;
}

/**
 * Bundles the functions and builds the app, so `npx cdk deploy -c stage=prod` is one command. Everything is
 * created per call (no module state), so tests may call it as often as they like.
 */
export function createApp(options: CreateAppOptions = {}): { app: App; stack: BuybackStack } {
  const routes = options.routes ?? routeTable;
  const workers = options.workers ?? workerTable;
  const schedules = options.schedules ?? scheduleTable;
  // The test run bundles the functions once, for the CDK tests and the local stack alike, into a folder named by
  // a hash of their sources (test/support/function-build.ts): given the real tables, the app takes that build.
  const prebuilt =
    options.functionsOutdir || options.routes || options.workers || options.schedules
      ? undefined
      : process.env.FUNCTIONS_BUILD_DIR || undefined;
  if (prebuilt && !existsSync(prebuilt)) throw new Error(`FUNCTIONS_BUILD_DIR: no build in ${prebuilt}`);
  const functionsDir = path.resolve(repoRoot, options.functionsOutdir ?? prebuilt ?? 'dist/functions');

  // cdk.json's feature flags are given to in-process apps too, so tests synthesize what the CLI does.
  const checks = options.checks ?? true;
  const app = new App({
    outdir: options.outdir,
    context: cdkJsonContext(),
    builtinCloudFormationValidation: checks,
  });
  if (checks) Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

  const stage = parseStage(options.stage ?? app.node.tryGetContext('stage'));
  if (!options.skipBuild && !prebuilt) buildFunctions(functionsDir, { routes, workers, schedules });
  const context = (name: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const domain = context('domain')?.toLowerCase().replace(/\.$/, '');
  const config = stageConfig(stage, {
    alarmEmail: context('alarmEmail'),
    emailFrom: context('emailFrom'),
    domain,
    hostedZone: hostedZoneOf(context('hostedZoneId'), context('hostedZoneName'), domain),
    ...options.config,
  });

  // No account: synth needs neither credentials nor network. No region either, unless the stage names one (prod,
  // for CloudFront's WAF); the template is then bound to it.
  const stack = new BuybackStack(app, `Buyback-${stage}`, {
    env: config.region ? { region: config.region } : undefined,
    description: `Buyback storefront and back office (${stage})`,
    config,
    routes,
    workers,
    schedules,
    functionsDir,
    webDir: path.resolve(repoRoot, options.webDir ?? 'dist/web'),
  });
  Tags.of(stack).add('app', 'buyback');
  Tags.of(stack).add('stage', stage);
  return { app, stack };
}

function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context?: object };
  return { ...cdkJson.context };
}

const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  let built: ReturnType<typeof createApp>;
  try {
    built = createApp();
  } catch (error) {
    // A wrong stage or a missing handler is a one-line fix; a stack trace would hide it.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  built.app.synth();
}
