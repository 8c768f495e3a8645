/**
 * Runs the synthesized stack on localhost (`npm start`, the tests and the bench), in phases, each a module
 * `stack/<name>-phase.ts` returning its cleanup (phases.ts): emulators, provisioning, functions, gateway,
 * pollers and schedules. This file holds the options and the result, and runs the phases in order.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ENV from '../../shared/env-vars.js';
import { QUEUE_NAMES } from '../constructs/jobs.js';
import { LocalStackError } from './errors.js';
import { DIRECT_API_PREFIX } from './gateway.js';
import type { LogSink } from './lambdas.js';
import { PhaseRunner } from './phases.js';
import { type Profile, parseOffset, parseProfile, portsFor } from './ports.js';
import { type Endpoints, endpointsFor, LOCAL_REGION_NAME } from './sdk.js';
import { REPO_ROOT, type StartContext } from './stack/context.js';
import { startEmulators } from './stack/emulators-phase.js';
import { startFunctions } from './stack/functions-phase.js';
import { startSite } from './stack/gateway-phase.js';
import { startPollers } from './stack/pollers-phase.js';
import { provision } from './stack/provisioning-phase.js';
import { nameSchedules, scheduleRun, startSchedules } from './stack/schedules-phase.js';
import type { AppFactory } from './synth.js';
import { LOCAL_ACCOUNT_ID, queueAliases } from './template/names.js';

export { REPO_ROOT };

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

export type LocalStack = Awaited<ReturnType<typeof startLocalStack>>;

export async function startLocalStack(options: LocalStackOptions = {}) {
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
    afterInvocation: new Set(),
  };

  // Each phase returns its cleanup; should one fail, those already started are undone, last first.
  const phases = new PhaseRunner({ signal: options.signal, onPhase: (name) => checkpoint(`phase ${name}`) });
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
    const aliases = queueAliases(
      model.queues.map((q) => ({ logicalId: q.logicalId, name: physical[q.logicalId].attrs.QueueName })),
      QUEUE_NAMES,
    );
    return {
      profile,
      dataDir,
      ports,
      urls: localUrls(ctx, stack.breachRangeUrl, emulators),
      admin,
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.clientId,
      tableName: stack.tableName,
      imagesBucket: stack.imagesBucket,
      /** Queue URLs by the product's name for them (`email-jobs`, `email-jobs-dlq`), else by physical name. */
      queues: Object.fromEntries(
        model.queues.map((q) => [aliases[q.logicalId], physical[q.logicalId].attrs.QueueUrl]),
      ),
      /** What every function sees alike (TABLE_NAME, EMAIL_QUEUE_URL...), plus the endpoint variables. */
      env: {
        ...stack.endpointEnv,
        ...stack.sharedEnv,
        [ENV.localSecretsFile]: ctx.files.secrets,
        [ENV.localSigningSecretsFile]: ctx.files.signingSecrets,
      },
      seeded,
      /** Scheduled functions by their key in shared/routes.ts (`refundExpiredLabels`): POST to the URL runs one. */
      schedules: Object.fromEntries(schedules.map((s) => [s.name, s.url])),
      /** What each does, in words (its row's `title`): `Refund unused labels`. */
      scheduleTitles: Object.fromEntries(schedules.map((s) => [s.name, s.title])),
      startupMs: Date.now() - started,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Where everything is: the site and API, each emulator, the test servers and the local switches. */
function localUrls(
  { naming, ports, endpoints }: StartContext,
  breachRange: string,
  emulators: { easypost: { origin: string }; twilio: { origin: string } },
) {
  const site = naming.siteOrigin;
  return {
    site,
    api: `${site}/api`,
    /** The API as its own endpoint serves it in AWS, without the (local) CloudFront in front: no origin secret. */
    apiDirect: `${site}${DIRECT_API_PREFIX}/api`,
    /** The captured-mail viewer, and the captured mail as JSON. */
    mail: `http://localhost:${ports.ses}/`,
    mailStore: `http://localhost:${ports.ses}/store`,
    ...endpoints,
    /** The browser's Cognito endpoint, on the origin the tokens' issuer names. */
    cognito: naming.cognitoOrigin,
    /** The EasyPost test server: its origin (label and QR files, `/__control/...` switches). */
    easypost: emulators.easypost.origin,
    /** The Twilio test server: its origin (`/__control/messages`, `/__control/inbound`...). */
    twilio: emulators.twilio.origin,
    /** The fake breach-range API's base (append 5 hex characters of a SHA-1), on the site origin. */
    breachRange,
    /** POST `{"mode":"ok"|"fail"|"hang"}` here to switch the breach-range service. */
    breachMode: `${site}/__local/breach/mode`,
    /** POST `{"messageId":"..."}` or `{"to":"address"}`: SES reports a bounce of that captured e-mail. */
    sesBounce: `${site}/__local/ses/bounce`,
    /** The same, for a complaint (marked as spam). */
    sesComplaint: `${site}/__local/ses/complaint`,
    /** POST `{"identity":"address or domain","verified":false}`: SES says that sender is not verified. */
    sesIdentity: `${site}/__local/ses/identity`,
  };
}
