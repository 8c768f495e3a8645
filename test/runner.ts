import { rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import TestRunner, {
  type Test,
  type TestEvents,
  type TestRunnerOptions,
  type TestWatcher,
  type UnsubscribeFn,
} from 'jest-runner';
import { startLocalStackInBackground, waitForLocalStack } from './support/background-stack';
import {
  assignLane,
  isExclusiveFile,
  LANES_VARIABLE,
  runsLastOfExclusive,
  STACK_VARIABLE,
  type StackName,
} from './support/exclusive';

/** The setup of the projects whose files run against the local stack (integration, e2e). */
const LOCAL_STACK_SETUP = path.join(__dirname, 'global-setup.ts');
/** The setup of the project whose files wait for the functions' build (infra). */
const FUNCTIONS_SETUP = path.join(__dirname, 'functions-setup.ts');

/**
 * How many files run against the one stack at a time (STACK_TEST_WORKERS overrides). Most of their time is spent
 * waiting (on queues, the browser, the emulators), so more of them than there are cores keeps the machine busy.
 */
const STACK_WORKERS = Number(process.env.STACK_TEST_WORKERS) || Math.max(3, availableParallelism());

const setupOf = (test: Test) => test.context.config.globalSetup;

type Listener = (eventData: unknown) => void | Promise<void>;

/**
 * jest's own runner, with the run ordered in pools. The files that need no local stack (unit first, then infra,
 * which waits for the functions' build that starts with the run, at a lower CPU priority: test/support/yield-cpu.cjs)
 * run on every worker while the stack starts in the background (test/global-setup.ts). As soon as it is
 * up, the integration and e2e files run STACK_WORKERS at a time against it, the e2e ones (the longest) first.
 * The files marked `@local-stack exclusive` (test/support/exclusive.ts) run one at a time meanwhile, on a second
 * stack of their own, and on the first too once its own files are done; in band (one file, or jest's --runInBand)
 * or when no other stack file runs, on the one stack, before the others.
 */
export default class LocalStackRunner extends TestRunner {
  private readonly listeners: Array<[keyof TestEvents, Listener]> = [];

  /** jest subscribes to this runner's events; the pools' runners report through the same listeners. */
  override on<Name extends keyof TestEvents>(
    eventName: Name,
    listener: (eventData: TestEvents[Name]) => void | Promise<void>,
  ): UnsubscribeFn {
    const entry: [keyof TestEvents, Listener] = [eventName, listener as Listener];
    this.listeners.push(entry);
    return () => {
      this.listeners.splice(this.listeners.indexOf(entry), 1);
    };
  }

  private pool(maxWorkers: number): TestRunner {
    const runner = new TestRunner({ ...this._globalConfig, maxWorkers }, this._context);
    for (const name of [
      'test-file-start',
      'test-file-success',
      'test-file-failure',
      'test-case-start',
      'test-case-result',
    ] as const) {
      runner.on(name, async (data) => {
        for (const [event, listener] of [...this.listeners]) if (event === name) await listener(data);
      });
    }
    return runner;
  }

  override async runTests(tests: Test[], watcher: TestWatcher, options: TestRunnerOptions): Promise<void> {
    const onStack = tests.filter((test) => setupOf(test) === LOCAL_STACK_SETUP);
    const free = tests.filter((test) => setupOf(test) !== LOCAL_STACK_SETUP);
    const waitsForBuild = (test: Test) => setupOf(test) === FUNCTIONS_SETUP;
    const ordered = [...free.filter((test) => !waitsForBuild(test)), ...free.filter(waitsForBuild)];
    const isExclusive = (test: Test) => isExclusiveFile(test.path);
    const exclusive = onStack.filter(isExclusive);
    exclusive.sort((a, b) => Number(runsLastOfExclusive(a.path)) - Number(runsLastOfExclusive(b.path)));
    const isE2e = (test: Test) => test.context.config.displayName?.name === 'e2e';
    const shared = onStack.filter((test) => !isExclusive(test));
    shared.sort((a, b) => Number(isE2e(b)) - Number(isE2e(a)));
    // One file alone runs in this process, as `jest <file>` always has (a debugger stops in it).
    const inBand = options.serial || tests.length === 1;
    const run = (files: Test[], workers: number) =>
      files.length === 0
        ? Promise.resolve()
        : inBand
          ? this.pool(1).runTests(files, watcher, { ...options, serial: true })
          : this.pool(workers).runTests(files, watcher, { ...options, serial: false });

    const started = Date.now();
    /** Waits for a stack and says when it came up: the start is the part of a run no file's time shows. */
    const stackUp = async (name: StackName) => {
      await waitForLocalStack(name);
      const own = (JSON.parse(process.env[STACK_VARIABLE[name]] ?? '{}') as { startupMs?: number }).startupMs;
      const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
      process.stderr.write(
        `Local stack "${name}" up after ${seconds(Date.now() - started)}${own ? ` (its own start: ${seconds(own)})` : ''}\n`,
      );
    };
    const secondStack = !inBand && exclusive.length > 0 && shared.length > 0;
    if (secondStack) {
      startLocalStackInBackground('exclusive');
      // Set before any worker is forked, so that every one of them knows where to look.
      process.env[LANES_VARIABLE] = path.join(tmpdir(), `jest-stack-lanes-${process.pid}.json`);
    }
    const freeRun = run(ordered, this._globalConfig.maxWorkers);
    if (!secondStack) {
      // In band, or no shared files beside them: the exclusive files first, then the others, on one stack.
      if (inBand) await freeRun;
      if (onStack.length > 0) await stackUp('shared');
      if (!watcher.isInterrupted()) await run(exclusive, 1);
      if (!watcher.isInterrupted()) await run(shared, STACK_WORKERS);
      await freeRun;
      return;
    }
    /** Runs `files` on `name`'s stack, one at a time: each reads its stack from the lanes file (support/exclusive.ts). */
    const runOn = (name: StackName, files: Test[]) => {
      for (const file of files) assignLane(file.path, name);
      return run(files, 1);
    };
    // The exclusive files are one queue, taken file by file by the second stack, and by the shared one once its own
    // files are done, so that both end about together; those marked last run alone after all the other stack files.
    const last = exclusive.filter((test) => runsLastOfExclusive(test.path));
    const queue = exclusive.filter((test) => !last.includes(test));
    // jest orders the queue longest first (by past times, or by size on a fresh clone). The second stack takes
    // from that end; the shared one, joining late, from the other, so a long file is not the last one started.
    const lane = async (name: StackName) => {
      const take = () => (name === 'exclusive' ? queue.shift() : queue.pop());
      for (let next = take(); next && !watcher.isInterrupted(); next = take()) await runOn(name, [next]);
    };
    const exclusiveLane = (async () => {
      await stackUp('exclusive');
      await lane('exclusive');
    })();
    const sharedLane = (async () => {
      await stackUp('shared');
      if (!watcher.isInterrupted()) await run(shared, STACK_WORKERS);
      await lane('shared');
    })();
    try {
      // The files without a stack may still run then (the infra files, at a lower CPU priority).
      await Promise.all([exclusiveLane, sharedLane]);
      if (!watcher.isInterrupted()) await runOn('exclusive', last);
      await freeRun;
    } finally {
      rmSync(process.env[LANES_VARIABLE] ?? '', { force: true });
    }
  }
}
