/**
 * Runs the synthesized stack on localhost, in phases: emulators, provisioning (the template's resources, secrets
 * and seed data), functions (Lambda workers), gateway (the site and API), pollers (queues and the table's stream)
 * and schedules. Each phase returns its cleanup (phases.ts). `startLocalStack` is what `npm start`, the test
 * global setup and the bench use.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { ENV, SIGNING_SECRET_KEYS } from '../../shared/runtime-env.js';
import { QUEUE_NAMES } from '../constructs/jobs.js';
import { JwtAuthorizer } from './authorizer.js';
import { BreachRangeService, ZBreachMode } from './breach-range.js';
import { CostMeter, costMeterEnabled, summarizeTemplate } from './cost-meter.js';
import { startEasyPostServer } from './easypost/index.js';
import {
  assertJava,
  type Emulator,
  reapStaleChildren,
  recordChildren,
  startCognito,
  startDynamoDb,
  startFauxqs,
  startS3rver,
  startSes,
} from './emulators.js';
import { LocalStackError } from './errors.js';
import {
  ControlInputError,
  DIRECT_API_PREFIX,
  type GatewayRoute,
  type LocalControl,
  startGateway,
} from './gateway.js';
import { type FunctionSpec, LocalFunction, type LogSink } from './lambdas.js';
import { PhaseRunner, phase } from './phases.js';
import { QueuePoller } from './pollers.js';
import { assertPortsFree, type PortMap, type Profile, parseOffset, parseProfile, portsFor } from './ports.js';
import {
  carriedSecrets,
  ensureBuckets,
  ensurePayoutKeyFile,
  ensureQueues,
  ensureSecretsFile,
  ensureTables,
  ensureUserPools,
  LOCAL_SIGNING_SECRET_PLACEHOLDERS,
} from './resources.js';
import { type LocalSchedule, nameSchedules, rateMs, scheduledEvent } from './schedules.js';
import { createClients, type Endpoints, endpointsFor, LOCAL_REGION_NAME, lambdaEndpointEnv } from './sdk.js';
import { type AdminCredentials, ensureAdminUser, seedCatalogue } from './seed.js';
import { type SesProblem, type SesProxy, sesEvent } from './ses-proxy.js';
import { StreamPoller } from './stream-poller.js';
import { type AppFactory, assetDirOf, synthesize } from './synth.js';
import { startTableAccessRecorder, TABLE_ACCESS_LOG_ENV } from './table-access-recorder.js';
import {
  LOCAL_ACCOUNT_ID,
  type LocalNaming,
  localIssuer,
  localizeUrls,
  physicalValues,
  queueAliases,
  Resolver,
  readSiteConfig,
  readStack,
  resolveSecretReference,
  withoutHash,
} from './template.js';
import { startTwilioServer } from './twilio-server.js';
import { ensureWebBuild } from './web-build.js';

export interface LocalStackOptions {
  /** `dev` (persistent `.local/`, base ports) or `test` (fresh temp folder, in-memory DynamoDB, ports +100). */
  profile?: Profile;
  /** Shifts every port; defaults to LOCAL_PORT_OFFSET, else 0 for dev and 100 for test. */
  portOffset?: number;
  /** Data folder; defaults to `.local/` (dev) or a new temp folder removed on stop (test). */
  dataDir?: string;
  stage?: string;
  /** The CDK app; defaults to `infra/app.ts`. */
  app?: AppFactory;
  /** Where runner and function logs go; defaults to stdout. */
  log?: (line: string) => void;
  /** Log each API call; defaults to true for dev, false for test. */
  accessLog?: boolean;
  /** Seed even when the table already holds data. */
  forceSeed?: boolean;
  /** Aborting stops a start-up in progress: it fails with a LocalStackError and leaves nothing running. */
  signal?: AbortSignal;
  /**
   * Overrides the workers' first retry delay (JOB_RETRY_BASE_SECONDS); the test profile uses 1 s so retry and
   * dead-letter paths run in seconds. Defaults to the template's values for dev.
   */
  retryBaseSeconds?: number;
}

export interface LocalStackUrls {
  site: string;
  api: string;
  /** The API as its own endpoint serves it in AWS, without the (local) CloudFront in front: no origin secret. */
  apiDirect: string;
  mail: string;
  /** Same as `mail`: the captured-mail viewer. */
  mailViewer: string;
  mailStore: string;
  cognito: string;
  dynamodb: string;
  sqs: string;
  s3: string;
  ses: string;
  /** The EasyPost test server: its origin (label and QR files, `/__control/...` switches). */
  easypost: string;
  /** The Twilio test server: its origin (`/__control/messages`, `/__control/inbound`...). */
  twilio: string;
  /** The fake breach-range API's base (append 5 hex characters of a SHA-1), on the site origin. */
  breachRange: string;
  /** POST `{"mode":"ok"|"fail"|"hang"}` here to switch the breach-range service. */
  breachMode: string;
  /** POST `{"messageId":"..."}` or `{"to":"address"}`: SES reports a bounce of that captured e-mail. */
  sesBounce: string;
  /** The same, for a complaint (marked as spam). */
  sesComplaint: string;
  /** POST `{"identity":"address or domain","verified":false}`: SES says that sender is not verified. */
  sesIdentity: string;
}

export interface LocalQueue {
  logicalId: string;
  name: string;
  url: string;
  arn: string;
}

export interface LocalStack {
  profile: Profile;
  dataDir: string;
  ports: PortMap;
  urls: LocalStackUrls;
  admin: AdminCredentials;
  userPoolId: string;
  clientId: string;
  tableName: string;
  imagesBucket?: string;
  /** Queues by the product's name for them (`email-jobs`, `email-jobs-dlq`), else by physical name. */
  queues: Record<string, LocalQueue>;
  /** Environment values every function sees alike (TABLE_NAME, EMAIL_QUEUE_URL, ...), plus the endpoint variables. */
  env: Record<string, string>;
  seeded: boolean;
  /**
   * Scheduled functions, each runnable now with a POST to its URL (`/__local/schedules/<name>`), by their key
   * in the schedule table of shared/routes.ts (`refundExpiredLabels`).
   */
  schedules: Record<string, string>;
  /** What each of them does, in words (its row's `title`), by the same key: `Refund unused labels`. */
  scheduleTitles: Record<string, string>;
  startupMs: number;
  stop(): Promise<void>;
}

// Works as ESM (tsx) and as the CommonJS jest transforms it to.
const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
export const REPO_ROOT = resolve(dirname(thisFile), '..', '..');
const WEB_ROOT = join(REPO_ROOT, 'dist', 'web');

/** What every phase knows before anything starts. */
interface StartContext {
  options: LocalStackOptions;
  profile: Profile;
  stage: string;
  ports: PortMap;
  endpoints: Endpoints;
  naming: LocalNaming;
  dataDir: string;
  logsDir: string;
  log: LogSink;
  files: { pids: string; secrets: string; signingSecrets: string; payoutKey: string };
  /** Stops a start-up that was aborted; with LOCAL_DEBUG, logs how long it took to get here. */
  checkpoint(name: string): void;
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const started = Date.now();
  // The runner's own SDK clients would warn once that Node 20 is old; the deployed runtime is Node 22.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const profile = options.profile ?? parseProfile(process.env.LOCAL_PROFILE);
  const ports = portsFor(profile, options.portOffset ?? parseOffset(process.env.LOCAL_PORT_OFFSET));
  const stage = options.stage ?? 'dev';
  const temporary = !options.dataDir && profile === 'test';
  const dataDir = resolve(
    options.dataDir ??
      (temporary ? mkdtempSync(join(tmpdir(), 'buyback-local-test-')) : join(REPO_ROOT, '.local')),
  );
  const logsDir = join(dataDir, 'logs');
  mkdirSync(logsDir, { recursive: true });
  const print = options.log ?? ((line: string) => console.log(line));
  const log: LogSink = { line: (source, text) => print(`[${source}] ${text}`) };
  const endpoints: Endpoints = endpointsFor(ports);
  const checkpoint = (name: string) => {
    if (options.signal?.aborted) throw new LocalStackError('Stopped before the local stack was ready.');
    if (process.env.LOCAL_DEBUG) log.line('runner', `${name} at ${Date.now() - started} ms`);
  };
  const ctx: StartContext = {
    options,
    profile,
    stage,
    ports,
    endpoints,
    naming: {
      region: LOCAL_REGION_NAME,
      accountId: LOCAL_ACCOUNT_ID,
      namePrefix: `buyback-${stage}`,
      siteOrigin: `http://localhost:${ports.site}`,
      sqsOrigin: endpoints.sqs,
      cognitoOrigin: `http://localhost:${ports.cognito}`,
    },
    dataDir,
    logsDir,
    log,
    files: {
      pids: join(dataDir, 'pids.json'),
      // Two secrets, two files: the provider keys, and the webhook signing secrets.
      secrets: join(dataDir, 'secrets.json'),
      signingSecrets: join(dataDir, 'signing-secrets.json'),
      payoutKey: join(dataDir, 'payout-key'),
    },
    checkpoint,
  };

  // Each phase returns its cleanup; should one fail, those already started are undone, last first.
  const phases = new PhaseRunner({
    signal: options.signal,
    onPhase: (name) => {
      if (process.env.LOCAL_DEBUG) log.line('runner', `phase ${name} done at ${Date.now() - started} ms`);
    },
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await phases.stop();
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const emulators = await phases.run('emulators', () => startEmulators(ctx));
    const stack = await phases.run('provisioning', () => provision(ctx, emulators));
    const { functions } = await phases.run('functions', () => startFunctions(ctx, stack));
    const schedules = nameSchedules(
      stack.model.schedules,
      (id) => stack.functionEnvs.get(id)?.[ENV.functionKey],
    ).map((schedule) => scheduleRun(ctx, stack, functions, schedule));
    const { seeded, admin } = await phases.run('gateway', () =>
      startSite(ctx, emulators, stack, functions, schedules),
    );
    await phases.run('pollers', () => startPollers(ctx, stack, functions));
    await phases.run('schedules', () => startSchedules(ctx, schedules));

    const { physical, model } = stack;
    const queues: Record<string, LocalQueue> = {};
    const aliases = queueAliases(
      model.queues.map((q) => ({ logicalId: q.logicalId, name: physical[q.logicalId].attrs.QueueName })),
      QUEUE_NAMES,
    );
    for (const queue of model.queues) {
      const p = physical[queue.logicalId];
      queues[aliases[queue.logicalId]] = {
        logicalId: queue.logicalId,
        name: p.attrs.QueueName,
        url: p.attrs.QueueUrl,
        arn: p.attrs.Arn,
      };
    }
    const siteUrl = ctx.naming.siteOrigin;
    return {
      profile,
      dataDir,
      ports,
      urls: {
        site: siteUrl,
        api: `${siteUrl}/api`,
        apiDirect: `${siteUrl}${DIRECT_API_PREFIX}/api`,
        mail: `http://localhost:${ports.ses}/`,
        mailViewer: `http://localhost:${ports.ses}/`,
        mailStore: `http://localhost:${ports.ses}/store`,
        cognito: ctx.naming.cognitoOrigin,
        dynamodb: endpoints.dynamodb,
        sqs: endpoints.sqs,
        s3: endpoints.s3,
        ses: endpoints.ses,
        easypost: emulators.easypost.origin,
        twilio: emulators.twilio.origin,
        breachRange: stack.breachRangeUrl,
        breachMode: `${siteUrl}/__local/breach/mode`,
        sesBounce: `${siteUrl}/__local/ses/bounce`,
        sesComplaint: `${siteUrl}/__local/ses/complaint`,
        sesIdentity: `${siteUrl}/__local/ses/identity`,
      },
      admin,
      userPoolId: stack.userPoolId,
      clientId: stack.clientId,
      tableName: stack.tableName,
      imagesBucket: stack.imagesBucket,
      queues,
      env: {
        ...stack.endpointEnv,
        ...stack.sharedEnv,
        [ENV.localSecretsFile]: ctx.files.secrets,
        [ENV.localSigningSecretsFile]: ctx.files.signingSecrets,
      },
      seeded,
      schedules: Object.fromEntries(schedules.map((s) => [s.name, s.url])),
      scheduleTitles: Object.fromEntries(schedules.map((s) => [s.name, s.title])),
      startupMs: Date.now() - started,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Phase 1, emulators: DynamoDB Local, cognito-local, the SES emulator, fauxqs (SQS) and S3rver boot in the
 * background (`ready`) while the app synthesizes; the EasyPost and Twilio test servers start at once.
 */
async function startEmulators(ctx: StartContext) {
  const { ports, dataDir, logsDir, options, files } = ctx;
  return phase(async (cleanups) => {
    reapStaleChildren(files.pids, dataDir);
    assertJava();
    await assertPortsFree(ports);
    const booting = Promise.allSettled<Promise<Emulator>>([
      startDynamoDb({
        port: ports.dynamodb,
        dbPath: ctx.profile === 'test' ? undefined : join(dataDir, 'dynamodb'),
        logFile: join(logsDir, 'dynamodb.log'),
        signal: options.signal,
      }),
      startCognito({
        port: ports.cognito,
        directory: join(dataDir, 'cognito'),
        logFile: join(logsDir, 'cognito.log'),
        signal: options.signal,
      }),
      startSes({
        port: ports.ses,
        directory: dataDir,
        logFile: join(logsDir, 'ses.log'),
        signal: options.signal,
      }),
      startFauxqs({ port: ports.sqs }),
      startS3rver({ port: ports.s3, directory: join(dataDir, 's3') }),
    ]);
    const up = (outcomes: Array<PromiseSettledResult<Emulator>>) =>
      outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    // Emulators still booting are stopped too once they are up, not left behind.
    cleanups.add(async () => {
      const running = up(await booting);
      await Promise.all(running.map((e) => e.stop().catch(() => {})));
      rmSync(files.pids, { force: true });
    });
    const ready = booting.then((outcomes) => {
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      const running = up(outcomes);
      const sesProxy = (
        running.find((emulator) => 'proxy' in emulator) as (Emulator & { proxy: SesProxy }) | undefined
      )?.proxy;
      if (!sesProxy) throw new LocalStackError('The SES emulator did not start its proxy');
      recordChildren(files.pids, running);
      return { sesProxy };
    });
    // Awaited by the next phase; until then a failure must not count as unhandled.
    ready.catch(() => {});

    const easypost = await startEasyPostServer({
      port: ports.easypost,
      // Tracker events go to the webhook route, signed with whatever secret the local secret file holds now.
      webhook: {
        url: `${ctx.naming.siteOrigin}/api/webhooks/easypost`,
        secret: () => readLocalSecret(files.signingSecrets, 'easypostWebhookSecret'),
      },
    });
    cleanups.add(() => easypost.close());
    // SMS: the official client talks to this server; its signed callbacks come back to the webhook routes.
    const twilio = await startTwilioServer({
      port: ports.twilio,
      authToken: () => readLocalSecret(files.signingSecrets, 'twilioAuthToken'),
      inboundUrl: `${ctx.naming.siteOrigin}/api/webhooks/twilio/inbound`,
      callbackDelayMs: ctx.profile === 'test' ? 100 : 500,
      log: (line) => ctx.log.line('twilio', line),
    });
    cleanups.add(() => twilio.close());
    return { ready, easypost, twilio };
  });
}

type Emulators = Awaited<ReturnType<typeof startEmulators>>;

/**
 * Phase 2, provisioning: the synthesized template read into the stack model; its tables, queues, buckets, user
 * pools and secrets created in the emulators; each function's environment resolved; the catalogue and the
 * admin user seeded.
 */
async function provision(ctx: StartContext, emulators: Emulators) {
  const { naming, endpoints, dataDir, files, log } = ctx;
  return phase(async (cleanups) => {
    const synthesized = await synthesize({
      stage: ctx.stage,
      outdir: join(dataDir, 'cdk.out'),
      app: ctx.options.app,
      cacheDir: join(REPO_ROOT, 'node_modules', '.cache', 'local-stack'),
      root: REPO_ROOT,
    });
    ctx.checkpoint(
      synthesized.cached ? 'reused the assembly synthesized from the same sources' : 'synthesized',
    );
    const webBuild = ensureWebBuild({
      root: REPO_ROOT,
      webRoot: WEB_ROOT,
      logFile: join(ctx.logsDir, 'web-build.log'),
    });
    await emulators.ready;
    ctx.checkpoint('emulators ready');

    const { template } = synthesized;
    const noIds = { userPools: {}, userPoolClients: {} };
    const basePhysical = physicalValues(template, naming, noIds);
    const baseResolver = new Resolver(template, basePhysical, naming);
    const model = readStack(template, baseResolver, basePhysical);
    for (const warning of model.warnings) log.line('runner', warning);

    const clients = createClients(endpoints);
    cleanups.add(async () => clients.destroy());
    // The cost meter (LOCAL_COST_METER=1 only): the functions and the queue pollers reach the emulators
    // through its counting proxies.
    const meter = costMeterEnabled() ? new CostMeter(summarizeTemplate(template)) : undefined;
    const metered = meter ? await meter.proxy(endpoints) : endpoints;
    const pollerClients = meter ? createClients(metered) : clients;
    if (meter) {
      cleanups.add(async () => {
        pollerClients.destroy();
        await meter.close();
      });
    }
    await Promise.all([
      ensureTables(clients.dynamodb, model, baseResolver, basePhysical),
      ensureQueues(clients.sqs, model, baseResolver, basePhysical),
      ensureBuckets(clients.s3, model, baseResolver, basePhysical),
    ]);
    const ids = await ensureUserPools(clients.cognito, model, baseResolver, {
      idsFile: join(dataDir, 'cognito-ids.json'),
      namePrefix: naming.namePrefix,
    });
    ctx.checkpoint('resources ready');
    const physical = physicalValues(template, naming, ids);
    const resolver = new Resolver(template, physical, naming);
    // A stack from before the split of the secrets carries its signing keys over from secrets.json once.
    const isSigningSecret = (secret: { logicalId: string }) =>
      withoutHash(secret.logicalId).endsWith('SigningSecret');
    ensureSecretsFile(
      files.signingSecrets,
      model.secrets.filter(isSigningSecret),
      resolver,
      LOCAL_SIGNING_SECRET_PLACEHOLDERS,
      carriedSecrets(files.secrets, SIGNING_SECRET_KEYS),
    );
    ensureSecretsFile(
      files.secrets,
      model.secrets.filter((s) => !isSigningSecret(s)),
      resolver,
    );
    ensurePayoutKeyFile(files.payoutKey);

    // The environment of each function a route or an event source runs (CDK's own helper functions stay out).
    const used = new Set([
      ...model.routes.map((r) => r.functionLogicalId),
      ...model.eventSources.map((e) => e.functionLogicalId),
      ...model.streamSources.map((e) => e.functionLogicalId),
      ...model.schedules.map((e) => e.functionLogicalId),
      ...model.topicSubscriptions.map((e) => e.functionLogicalId),
    ]);
    const breachRangeUrl = `${naming.siteOrigin}/__local/breach/range/`;
    // The browser's Cognito endpoint: the runner's proxy in front of cognito-local (it also answers
    // GetTokensFromRefreshToken), on the origin the tokens' issuer names.
    const endpointEnv: Record<string, string> = {
      ...lambdaEndpointEnv(metered),
      [ENV.easypostBaseUrl]: emulators.easypost.apiBaseUrl,
      [ENV.twilioBaseUrl]: emulators.twilio.apiBaseUrl,
      [ENV.cognitoEndpoint]: naming.cognitoOrigin,
    };
    // Values the template holds for AWS that have a local stand-in.
    const localOverrides: Record<string, string> = { [ENV.breachRangeUrl]: breachRangeUrl };
    const functionEnvs = new Map<string, Record<string, string>>();
    const sharedEnv: Record<string, string> = {};
    for (const fn of model.functions.filter((f) => used.has(f.logicalId))) {
      const own: Record<string, string> = {};
      for (const [name, value] of Object.entries(fn.environment)) {
        own[name] =
          localOverrides[name] ??
          localizeUrls(
            resolveSecretReference(
              resolver.resolveString(value, `${fn.logicalId}.Environment.Variables.${name}`),
              (key) => readLocalSecret(files.secrets, key),
            ),
          );
      }
      functionEnvs.set(fn.logicalId, own);
      for (const [name, value] of Object.entries(own)) {
        if (!(name in sharedEnv)) sharedEnv[name] = value;
        else if (sharedEnv[name] !== value) sharedEnv[name] = '';
      }
    }
    for (const name of Object.keys(sharedEnv)) if (sharedEnv[name] === '') delete sharedEnv[name];

    // Seed data and the admin user, while the functions' workers load (awaited before the site opens).
    const site = readSiteConfig(template, resolver);
    const tableName =
      sharedEnv[ENV.tableName] ?? (model.tables[0] ? physical[model.tables[0].logicalId].ref : '');
    const imagesBucket = site.imagesBucketLogicalId
      ? physical[site.imagesBucketLogicalId].ref
      : sharedEnv[ENV.imagesBucket];
    const pool = model.userPools[0];
    const userPoolId = pool ? ids.userPools[pool.logicalId] : '';
    const appClient = model.userPoolClients.find((c) => c.userPoolLogicalId === pool?.logicalId);
    const adminGroup = model.userPoolGroups.find((g) => g.groupName === 'admin') ?? model.userPoolGroups[0];
    const seeding = (async () => {
      const seeded = tableName
        ? await seedCatalogue({
            documents: clients.documents,
            s3: clients.s3,
            tableName,
            imagesBucket,
            // The test profile always seeds: its data is fresh by design.
            force: ctx.options.forceSeed ?? ctx.profile === 'test',
          })
        : false;
      const admin = userPoolId
        ? await ensureAdminUser({
            cognito: clients.cognito,
            userPoolId,
            groupName: adminGroup?.groupName,
            file: join(dataDir, 'admin.json'),
          })
        : { email: '', password: '' };
      ctx.checkpoint('seeded');
      return { seeded, admin };
    })();
    // Awaited by the gateway phase; should a phase before it fail meanwhile, that failure is the one reported.
    seeding.catch(() => {});
    cleanups.add(async () => {
      await seeding.catch(() => {});
    });
    return {
      synthesized,
      model,
      physical,
      resolver,
      clients,
      pollerClients,
      meter,
      webBuild,
      site,
      endpointEnv,
      functionEnvs,
      sharedEnv,
      breachRangeUrl,
      tableName,
      imagesBucket,
      seeding,
      userPoolId,
      clientId: appClient ? ids.userPoolClients[appClient.logicalId] : '',
    };
  });
}

type Provisioned = Awaited<ReturnType<typeof provision>>;
type Functions = Map<string, LocalFunction>;

/** Phase 3, functions: one warm worker process per function, with the environment the template gives it. */
async function startFunctions(ctx: StartContext, stack: Provisioned) {
  const { synthesized, physical, meter, functionEnvs, endpointEnv } = stack;
  return phase(async (cleanups) => {
    const baseEnv: Record<string, string> = {};
    for (const name of ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ']) {
      const value = process.env[name];
      if (value !== undefined) baseEnv[name] = value;
    }
    const retryBase = ctx.options.retryBaseSeconds ?? (ctx.profile === 'test' ? 1 : undefined);
    // Least-privilege check: each function's DynamoDB calls go through a recorder (table-access-recorder.ts).
    const accessLog = process.env[TABLE_ACCESS_LOG_ENV];
    const recorder = accessLog
      ? await startTableAccessRecorder({ target: ctx.endpoints.dynamodb, logFile: accessLog })
      : undefined;
    if (recorder) cleanups.add(() => recorder.close());
    const functions: Functions = new Map();
    cleanups.add(async () => {
      await Promise.all([...functions.values()].map((f) => f.stop()));
    });
    for (const fn of stack.model.functions) {
      const own = functionEnvs.get(fn.logicalId);
      if (!own) continue;
      const functionName = physical[fn.logicalId].ref;
      const dir = assetDirOf(fn, synthesized);
      const spec: FunctionSpec = {
        label: withoutHash(fn.logicalId),
        functionName,
        functionArn: physical[fn.logicalId].attrs.Arn,
        dir,
        handler: fn.handler,
        timeoutSeconds: fn.timeoutSeconds,
        memoryMb: fn.memoryMb,
        env: {
          ...baseEnv,
          ...endpointEnv,
          AWS_LAMBDA_FUNCTION_NAME: functionName,
          AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
          AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
          AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
          LAMBDA_TASK_ROOT: dir,
          _HANDLER: fn.handler,
          [ENV.localSecretsFile]: ctx.files.secrets,
          [ENV.localSigningSecretsFile]: ctx.files.signingSecrets,
          ...own,
          // Only where the template grants the payout key (checkout, the reveal route): its local stand-in.
          ...(own[ENV.payoutKeyArn] ? { [ENV.localPayoutKeyFile]: ctx.files.payoutKey } : {}),
          ...(recorder
            ? {
                AWS_ENDPOINT_URL_DYNAMODB: recorder.endpointFor(
                  own[ENV.functionKey] ?? withoutHash(fn.logicalId),
                ),
              }
            : {}),
          ...(retryBase !== undefined && own[ENV.jobRetryBaseSeconds]
            ? { [ENV.jobRetryBaseSeconds]: String(retryBase) }
            : {}),
        },
      };
      const local = new LocalFunction(
        spec,
        ctx.log,
        meter?.observer(spec.label, fn.memoryMb, Boolean(spec.env[ENV.secretId])),
      );
      local.warm();
      functions.set(fn.logicalId, local);
    }
    return { functions };
  });
}

/** A scheduled function with its URL, and how to run it now. */
interface ScheduleRun extends LocalSchedule {
  url: string;
  run: () => Promise<unknown>;
}

function scheduleRun(
  ctx: StartContext,
  stack: Provisioned,
  functions: Functions,
  schedule: LocalSchedule,
): ScheduleRun {
  const { rule } = schedule;
  const fn = functions.get(rule.functionLogicalId);
  if (!fn) throw new LocalStackError(`Schedule ${rule.logicalId} has no runnable function`);
  const ruleArn = stack.physical[rule.logicalId]?.attrs.Arn ?? rule.logicalId;
  return {
    ...schedule,
    url: `${ctx.naming.siteOrigin}/__local/schedules/${schedule.name}`,
    run: () => fn.invoke(scheduledEvent(ruleArn, ctx.naming.region, ctx.naming.accountId)),
  };
}

/**
 * Phase 4, gateway: the site and the API on one origin, as CloudFront and API Gateway serve them, with the
 * routes' authorizers, and the `/__local/...` controls (schedules, SES events, the breach-range service).
 */
async function startSite(
  ctx: StartContext,
  emulators: Emulators,
  stack: Provisioned,
  functions: Functions,
  schedules: readonly ScheduleRun[],
) {
  const { naming, endpoints, log, ports } = ctx;
  const { model, resolver, physical, site } = stack;
  const { sesProxy } = await emulators.ready;
  return phase(async (cleanups) => {
    // Authorizers: the template's Cognito issuer, moved onto cognito-local.
    const authorizers = new Map<string, JwtAuthorizer>();
    for (const def of model.authorizers) {
      if (def.type !== 'JWT') {
        log.line('runner', `Authorizer ${def.logicalId} is ${def.type}; only JWT authorizers run locally`);
        continue;
      }
      const issuer = localIssuer(
        resolver.resolveString(def.issuer, `${def.logicalId}.Issuer`),
        naming.cognitoOrigin,
      );
      const poolId = issuer.split('/').pop() ?? '';
      const audiences = def.audience.map((a, i) =>
        resolver.resolveString(a, `${def.logicalId}.Audience[${i}]`),
      );
      authorizers.set(
        def.logicalId,
        new JwtAuthorizer({
          issuer,
          audiences,
          jwksUrl: `${endpoints.cognito}/${poolId}/.well-known/jwks.json`,
        }),
      );
    }

    const routes: GatewayRoute[] = model.routes.map((route) => {
      const fn = functions.get(route.functionLogicalId);
      if (!fn) throw new LocalStackError(`Route ${route.routeKey} has no runnable function`);
      let authorizer: JwtAuthorizer | undefined;
      if (route.authorizationType === 'JWT') {
        authorizer = route.authorizerLogicalId ? authorizers.get(route.authorizerLogicalId) : undefined;
        if (!authorizer)
          throw new LocalStackError(
            `Route ${route.routeKey} needs a JWT authorizer the template does not define`,
          );
      } else if (route.authorizationType !== 'NONE') {
        log.line(
          'runner',
          `Route ${route.routeKey} uses ${route.authorizationType} authorization, which runs as NONE locally`,
        );
      }
      return {
        method: route.method,
        path: route.path,
        routeKey: route.routeKey,
        fn,
        authorizer,
        authorizationScopes: route.authorizationScopes,
      };
    });

    // The site opens on seeded data, as it did before the functions phase ran alongside the seeding.
    const { seeded, admin } = await stack.seeding;
    const built = await stack.webBuild;
    ctx.checkpoint('web build checked');
    if (built === 'no-config')
      log.line(
        'site',
        'web/vite.config.ts not found: the site shows a placeholder until the web app exists.',
      );
    else if (built === 'built') log.line('site', 'Built the web app into dist/web.');
    else if (typeof built === 'object')
      log.line(
        'site',
        `The web app failed to build (${built.failed}); see ${join(ctx.logsDir, 'web-build.log')}.`,
      );

    // SES bounces and complaints: the event SES would publish for a captured e-mail, through its configuration
    // set's destination topic, to the functions subscribed to that topic (POST /__local/ses/bounce|complaint).
    const sesControl =
      (kind: SesProblem): LocalControl =>
      async (body) => {
        const parsed = ZSesSimulation.safeParse(body);
        if (!parsed.success) throw new ControlInputError('Send {"messageId":"..."} or {"to":"address"}');
        const email = sesProxy.findSent(parsed.data);
        if (!email) throw new ControlInputError('No e-mail captured with that message id or recipient');
        const setName = email.configurationSet;
        const topics = model.sesEventDestinations
          .filter(
            (d) =>
              d.enabled && d.events.includes(kind) && physical[d.configurationSetLogicalId]?.ref === setName,
          )
          .map((d) => d.topicLogicalId);
        const targets = model.topicSubscriptions.filter((sub) => topics.includes(sub.topicLogicalId));
        const event = sesEvent(kind, email);
        for (const sub of targets) {
          const fn = functions.get(sub.functionLogicalId);
          if (!fn) throw new LocalStackError(`Subscription ${sub.logicalId} has no runnable function`);
          await fn.invoke(
            snsEvent(physical[sub.topicLogicalId]?.ref ?? sub.topicLogicalId, JSON.stringify(event)),
          );
        }
        return { messageId: email.messageId, to: email.destination, delivered: targets.length };
      };

    const breach = new BreachRangeService();
    const breachControl: LocalControl = async (body) => {
      const parsed = ZBreachMode.safeParse(body);
      if (!parsed.success) throw new ControlInputError('Send {"mode":"ok"|"fail"|"hang"}');
      breach.setMode(parsed.data.mode);
      return { mode: breach.mode };
    };
    const { meter, imagesBucket, clients } = stack;
    const gateway = await startGateway({
      port: ports.site,
      routes,
      images: imagesBucket ? { s3: clients.s3, bucket: imagesBucket } : undefined,
      webRoot: WEB_ROOT,
      securityHeaders: site.securityHeaders,
      // What the distribution adds to every API request (the origin secret), read from the local secret file.
      apiOriginHeaders: Object.fromEntries(
        Object.entries(site.apiOriginHeaders).map(([name, value]) => [
          name,
          resolveSecretReference(value, (key) => readLocalSecret(ctx.files.secrets, key)),
        ]),
      ),
      // Only the test profile lets a test file be a client of its own (per-client limits).
      testClientAddress: ctx.profile === 'test',
      extraImageSources: [emulators.easypost.origin],
      controls: {
        // Scheduled functions: each runs now with a POST to /__local/schedules/<name>.
        ...Object.fromEntries(schedules.map((s): [string, LocalControl] => [`schedules/${s.name}`, s.run])),
        'breach/mode': breachControl,
        ...(meter ? { 'cost/meter': costMeterControl(meter) } : {}),
        'ses/bounce': sesControl('bounce'),
        'ses/complaint': sesControl('complaint'),
        'ses/identity': async (body) => {
          const parsed = ZSesIdentity.safeParse(body);
          if (!parsed.success)
            throw new ControlInputError('Send {"identity":"address or domain","verified":false}');
          sesProxy.setVerified(parsed.data.identity, parsed.data.verified);
          return parsed.data;
        },
      },
      localServices: [
        { prefix: 'breach/range', handle: (req, res, prefix) => breach.handle(req, res, prefix) },
      ],
      extraConnectSources: [
        naming.cognitoOrigin,
        endpoints.cognito,
        endpoints.s3,
        `http://localhost:${ports.s3}`,
      ],
      log,
      accessLog: ctx.options.accessLog ?? ctx.profile === 'dev',
    });
    cleanups.add(() => gateway.close());
    // Runs before the gateway closes (cleanups run last first): held breach requests get their answer.
    cleanups.add(async () => breach.releaseAll());
    return { seeded, admin };
  });
}

/** Phase 5, pollers: SQS event sources and DynamoDB stream event sources, read the way Lambda reads them. */
async function startPollers(ctx: StartContext, stack: Provisioned, functions: Functions) {
  const { model, physical } = stack;
  const { log, profile, naming } = ctx;
  return phase(async (cleanups) => {
    const runnable = (source: { logicalId: string; functionLogicalId: string }) => {
      const fn = functions.get(source.functionLogicalId);
      if (!fn) throw new LocalStackError(`Event source ${source.logicalId} has no runnable function`);
      return fn;
    };
    const pollers = model.eventSources
      .filter((source) => source.enabled)
      .map((source) => {
        const fn = runnable(source);
        const queue = physical[source.queueLogicalId];
        return new QueuePoller(
          {
            label: `${fn.spec.label}<-${withoutHash(source.queueLogicalId)}`,
            queueUrl: queue.attrs.QueueUrl,
            queueArn: queue.attrs.Arn,
            region: naming.region,
            batchSize: source.batchSize,
            reportBatchItemFailures: source.reportBatchItemFailures,
            fn,
          },
          stack.pollerClients.sqs,
          log,
        );
      });
    for (const poller of pollers) poller.start();
    cleanups.add(async () => {
      await Promise.all(pollers.map((p) => p.stop()));
    });

    // Stream event sources: DynamoDB Local's stream read the way Lambda reads the table's stream.
    const streamPollers = model.streamSources
      .filter((source) => source.enabled)
      .map((source) => {
        const fn = runnable(source);
        const onFailure = source.onFailureQueueLogicalId
          ? physical[source.onFailureQueueLogicalId]
          : undefined;
        return new StreamPoller(
          {
            label: `${fn.spec.label}<-${withoutHash(source.tableLogicalId)}.stream`,
            tableName: physical[source.tableLogicalId].ref,
            region: naming.region,
            batchSize: source.batchSize,
            filterPatterns: source.filterPatterns,
            startingPosition: source.startingPosition,
            reportBatchItemFailures: source.reportBatchItemFailures,
            bisectBatchOnFunctionError: source.bisectBatchOnFunctionError,
            maximumRetryAttempts: source.maximumRetryAttempts,
            onFailureQueueUrl: onFailure?.attrs.QueueUrl,
            retryBaseMs: profile === 'test' ? 500 : 1000,
            idleMs: profile === 'test' ? 200 : 500,
            fn,
          },
          { dynamodb: stack.clients.dynamodb, streams: stack.clients.streams, sqs: stack.clients.sqs },
          log,
        );
      });
    cleanups.add(async () => {
      await Promise.all(streamPollers.map((p) => p.stop()));
    });
    await Promise.all(streamPollers.map((p) => p.start()));
    return {};
  });
}

/** Phase 6, schedules: the dev profile runs `rate()` rules on time (every one runs on demand in both profiles). */
async function startSchedules(ctx: StartContext, schedules: readonly ScheduleRun[]) {
  return phase(async (cleanups) => {
    if (ctx.profile !== 'dev') return {};
    for (const schedule of schedules) {
      const every = rateMs(schedule.rule.expression);
      if (!every) continue;
      const timer = setInterval(() => {
        schedule.run().catch((error: Error) => {
          ctx.log.line(schedule.name, `scheduled run failed: ${error.message}`);
        });
      }, every);
      timer.unref();
      cleanups.add(async () => clearInterval(timer));
    }
    return {};
  });
}

/** The event SNS hands a subscribed function: one record carrying the message text. */
function snsEvent(topicArn: string, message: string) {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: topicArn,
          Subject: null,
          Message: message,
          Timestamp: new Date().toISOString(),
          SignatureVersion: '1',
          Signature: 'local',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

/** POST /__local/cost/meter `{"reset"?: true}`: the counts so far (then a new count when reset). */
const costMeterControl =
  (meter: CostMeter): LocalControl =>
  async (body) => {
    const parsed = z.optional(z.object({ reset: z.optional(z.boolean()) })).safeParse(body ?? undefined);
    if (!parsed.success) throw new ControlInputError('Send {"reset":true} or nothing');
    return meter.snapshot(parsed.data?.reset ?? false);
  };

const ZSesSimulation = z.union([
  z.object({ messageId: z.string().check(z.minLength(1)) }),
  z.object({ to: z.string().check(z.minLength(3)) }),
]);
const ZSesIdentity = z.object({ identity: z.string().check(z.minLength(1)), verified: z.boolean() });

/** One key of the local secret file, read when needed so hand edits apply without a restart. */
function readLocalSecret(file: string, key: string): string | undefined {
  try {
    const value = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[key];
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    return undefined;
  }
}
