/**
 * Each Lambda function runs in its own worker thread: a container with its own `process.env` and its own module
 * instances, so functions never share environment or state with each other or with the runner. It loads its bundle
 * when started (`warm`) or first called; as on Lambda, an invocation's clock starts once that init is done.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';

/**
 * The worker's body, evaluated as a CommonJS script so it runs the same under tsx, jest or plain node. It
 * loads the bundle once and answers `{ id, event, deadline }` with `{ id, result }` or `{ id, error }`; many
 * invocations may be in flight at once.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
if (process.setSourceMapsEnabled) process.setSourceMapsEnabled(true);

const lastDot = workerData.handler.lastIndexOf('.');
const modulePath = path.join(workerData.dir, workerData.handler.slice(0, lastDot));
const exportName = workerData.handler.slice(lastDot + 1);

// A CommonJS bundle is required, as Lambda's runtime loads it (import() would also scan it for named exports);
// an ES module is imported. A CommonJS module's exports are also its default.
async function load() {
  const file = ['.js', '.cjs', '.mjs'].map((ext) => modulePath + ext).find((f) => require('node:fs').existsSync(f));
  if (!file) throw new Error('Cannot find ' + modulePath + '.js');
  let mod;
  try {
    if (!file.endsWith('.mjs')) mod = require(file);
  } catch (error) {
    if (!error || error.code !== 'ERR_REQUIRE_ESM') throw error;
  }
  mod = mod || (await import(pathToFileURL(file).href));
  const fn = mod[exportName] ?? (mod.default && mod.default[exportName]);
  if (typeof fn !== 'function') throw new Error(workerData.handler + ' is not a function in ' + modulePath);
  return fn;
}
const ready = load();
// The runner starts an invocation's clock once the container is ready: Lambda's init has a clock of its own.
ready.then(() => parentPort.postMessage({ ready: true }), () => parentPort.postMessage({ ready: true }));

const serializeError = (error) => ({
  errorType: (error && error.name) || 'Error',
  errorMessage: (error && error.message) || String(error),
  stack: (error && error.stack) || String(error),
});

parentPort.on('message', async (message) => {
  const { id, event, deadline, requestId } = message;
  try {
    const handler = await ready;
    const context = {
      callbackWaitsForEmptyEventLoop: true,
      functionName: workerData.functionName,
      functionVersion: '$LATEST',
      invokedFunctionArn: workerData.functionArn,
      memoryLimitInMB: String(workerData.memoryMb),
      awsRequestId: requestId,
      logGroupName: '/aws/lambda/' + workerData.functionName,
      logStreamName: 'local',
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done() {},
      fail() {},
      succeed() {},
    };
    const result = await new Promise((resolve, reject) => {
      const returned = handler(event, context, (error, value) => (error ? reject(error) : resolve(value)));
      if (returned && typeof returned.then === 'function') returned.then(resolve, reject);
      else if (handler.length < 3) resolve(returned);
    });
    // Lambda hands results over as JSON: what JSON cannot carry is lost here too.
    const json = result === undefined ? null : JSON.parse(JSON.stringify(result));
    parentPort.postMessage({ id, result: json });
  } catch (error) {
    parentPort.postMessage({ id, error: serializeError(error) });
  }
});
`;

export interface FunctionSpec {
  /** Short name used in log prefixes, e.g. the logical id without its hash. */
  label: string;
  functionName: string;
  functionArn: string;
  /** Folder holding the bundle (`cdk.out/asset.<hash>`). */
  dir: string;
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  env: Record<string, string>;
}

export class InvocationError extends Error {
  override readonly name = 'InvocationError';
  constructor(
    message: string,
    readonly errorType: string,
    readonly remoteStack: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  worker: Worker;
}

export interface LogSink {
  line(source: string, text: string): void;
}

/** Told each invocation's wall time and outcome (the cost meter's hook; absent unless it is on). */
export type InvocationObserver = (durationMs: number, failed: boolean) => void;

export class LocalFunction {
  private worker: Worker | undefined;
  /** Workers taking no new invocations (one of theirs timed out), ended once their last one has. */
  private readonly retired = new Set<Worker>();
  private readonly pending = new Map<string, Pending>();
  /** Each worker's init: settled once it has loaded the bundle (or failed to, which its invocations then report). */
  private readonly ready = new WeakMap<Worker, Promise<void>>();
  private stopped = false;

  constructor(
    readonly spec: FunctionSpec,
    private readonly log: LogSink,
    private readonly observe?: InvocationObserver,
  ) {}

  /** Starts the container now, so the first request does not pay for loading the bundle. */
  warm(): void {
    this.ensureWorker();
  }

  async invoke(event: unknown): Promise<unknown> {
    const started = performance.now();
    let failed = true;
    try {
      const result = await this.run(event);
      failed = false;
      return result;
    } finally {
      this.observe?.(performance.now() - started, failed);
    }
  }

  private run(event: unknown): Promise<unknown> {
    if (this.stopped) return Promise.reject(new Error(`${this.spec.label} is stopped`));
    const worker = this.ensureWorker();
    const id = randomUUID();
    const timeoutMs = this.spec.timeoutSeconds * 1000;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker });
      // The invocation's clock starts once the container has loaded its bundle, as Lambda's does after init.
      void this.ready.get(worker)?.then(() => {
        const pending = this.pending.get(id);
        if (!pending) return;
        pending.timer = setTimeout(() => {
          this.settle(id);
          reject(
            new InvocationError(
              `Task timed out after ${this.spec.timeoutSeconds.toFixed(2)} seconds`,
              'TimeoutError',
              '',
            ),
          );
          // Lambda discards the container whose invocation timed out. Here one worker serves every concurrent
          // invocation, where Lambda gives each its own container: the others run on to their own end, and new
          // ones go to a fresh worker.
          this.retire(worker);
        }, timeoutMs);
        worker.postMessage({ id, event, deadline: Date.now() + timeoutMs, requestId: id });
      });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.failPending('the local stack is stopping');
    const worker = this.worker;
    this.worker = undefined;
    const retired = [...this.retired];
    this.retired.clear();
    await Promise.all([worker, ...retired].map((w) => w?.terminate()));
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      env: this.spec.env,
      stdout: true,
      stderr: true,
      workerData: {
        dir: this.spec.dir,
        handler: this.spec.handler,
        functionName: this.spec.functionName,
        functionArn: this.spec.functionArn,
        memoryMb: this.spec.memoryMb,
      },
      resourceLimits: { maxOldGenerationSizeMb: Math.max(256, this.spec.memoryMb) },
    });
    this.pipe(worker.stdout);
    this.pipe(worker.stderr);
    let initDone = () => {};
    this.ready.set(worker, new Promise<void>((resolve) => (initDone = resolve)));
    worker.on(
      'message',
      (message: {
        id: string;
        ready?: true;
        result?: unknown;
        error?: { errorType: string; errorMessage: string; stack: string };
      }) => {
        if (message.ready) return initDone();
        const pending = this.settle(message.id);
        if (!pending) return;
        if (message.error) {
          pending.reject(
            new InvocationError(message.error.errorMessage, message.error.errorType, message.error.stack),
          );
        } else pending.resolve(message.result);
      },
    );
    worker.on('error', (error) => {
      // An uncaught exception in the function's own async work: the runtime dies, like Lambda's would.
      this.log.line(this.spec.label, `runtime crashed: ${error.stack ?? error.message}`);
      if (this.worker === worker) this.worker = undefined;
      this.failPending(`Runtime exited with error: ${error.message}`, worker);
    });
    worker.on('exit', () => {
      initDone();
      if (this.worker === worker) this.worker = undefined;
      this.failPending('Runtime exited', worker);
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** An invocation's end: forgets it, and ends a retired worker once nothing of it is in flight. */
  private settle(id: string): Pending | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (this.retired.has(pending.worker) && !this.busy(pending.worker)) this.endRetired(pending.worker);
    return pending;
  }

  private busy(worker: Worker): boolean {
    for (const pending of this.pending.values()) if (pending.worker === worker) return true;
    return false;
  }

  /** No new invocation goes to `worker`; it ends when its last one in flight does. */
  private retire(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    this.retired.add(worker);
    if (!this.busy(worker)) this.endRetired(worker);
  }

  private endRetired(worker: Worker): void {
    this.retired.delete(worker);
    void worker.terminate();
  }

  /** Fails the invocations in flight (on `worker` only, when given). */
  private failPending(reason: string, worker?: Worker): void {
    for (const [id, pending] of this.pending) {
      if (worker && pending.worker !== worker) continue;
      this.settle(id);
      pending.reject(new InvocationError(reason, 'Runtime.ExitError', ''));
    }
  }

  private pipe(stream: Readable): void {
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (text) =>
      this.log.line(this.spec.label, text),
    );
  }
}
