import path from 'node:path';
import TestRunner, { type Test, type TestRunnerOptions, type TestWatcher } from 'jest-runner';
import { waitForLocalStack } from './support/background-stack';

/** The setup of the projects whose files run against the local stack (integration, e2e). */
const LOCAL_STACK_SETUP = path.join(__dirname, 'global-setup.ts');
/** The setup of the project whose files wait for the functions' build (infra). */
const FUNCTIONS_SETUP = path.join(__dirname, 'functions-setup.ts');

const setupOf = (test: Test) => test.context.config.globalSetup;

/**
 * jest's own runner, in two steps. First the files that need no local stack (unit, infra) on all workers, while
 * the stack starts in the background (test/global-setup.ts); the unit files go first, as the infra ones wait for
 * the functions' build that starts with the run. Then, once the stack is up, the integration and e2e files one at
 * a time: they share that one stack, and some change its settings record for a moment.
 */
export default class LocalStackRunner extends TestRunner {
  override async runTests(tests: Test[], watcher: TestWatcher, options: TestRunnerOptions): Promise<void> {
    const onStack = tests.filter((test) => setupOf(test) === LOCAL_STACK_SETUP);
    const free = tests.filter((test) => setupOf(test) !== LOCAL_STACK_SETUP);
    const waitsForBuild = (test: Test) => setupOf(test) === FUNCTIONS_SETUP;
    const ordered = [...free.filter((test) => !waitsForBuild(test)), ...free.filter(waitsForBuild)];
    if (ordered.length > 0) await super.runTests(ordered, watcher, options);
    if (onStack.length === 0 || watcher.isInterrupted()) return;
    await waitForLocalStack();
    await super.runTests(onStack, watcher, { ...options, serial: true });
  }
}
