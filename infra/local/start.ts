/**
 * `npm start`: runs the whole product on localhost and prints where. Once ready, when its output is not a
 * terminal (the test global setup and the bench read it through a pipe), its last line is
 * `LOCAL_STACK_READY {json}`, which they wait for.
 */
import { banner } from './banner.js';
import { LocalStackError } from './errors.js';
import { type LocalStack, startLocalStack } from './stack-runner.js';
import { TemplateError } from './template/intrinsics.js';

let stack: LocalStack | undefined;
let stopping = false;
/** Ctrl-C during start-up: the runner stops at its next step and cleans up after itself. */
const startup = new AbortController();

async function shutdown(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  if (stack) {
    console.log('\nStopping the local stack...');
    await stack.stop().catch((error: Error) => console.error(`Stopping failed: ${error.message}`));
  }
  // Emulator child processes still alive at exit are killed by the runner's exit hook.
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping || startup.signal.aborted) {
      console.log('Forced stop.');
      process.exit(130);
    }
    if (!stack) {
      console.log('\nStopping the local stack...');
      startup.abort();
      return;
    }
    void shutdown(0);
  });
}

function fail(error: unknown): void {
  if (error instanceof TemplateError) {
    console.error(`The synthesized stack cannot run locally: ${error.message}`);
  } else if (error instanceof LocalStackError) {
    console.error(error.message);
    if (process.env.LOCAL_DEBUG && error.cause instanceof Error) console.error(error.cause.stack);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  void shutdown(1);
}

process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

try {
  stack = await startLocalStack({ signal: startup.signal });
  console.log(banner(stack));
  // A person at a terminal reads the banner; only a program reading the output needs the JSON line.
  if (!process.stdout.isTTY) console.log(`LOCAL_STACK_READY ${JSON.stringify(stack)}`);
} catch (error) {
  if (startup.signal.aborted) process.exit(0);
  fail(error);
}
