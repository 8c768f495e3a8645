import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvocationError, LocalFunction } from '../../infra/local/lambdas';

/**
 * The local Lambda runtime: one worker thread serves a function's concurrent invocations, where Lambda gives
 * each its own container. A timed-out invocation discards only itself: the others in flight run on.
 */
const dir = mkdtempSync(join(tmpdir(), 'local-lambda-'));
writeFileSync(
  join(dir, 'index.js'),
  `const { threadId } = require('node:worker_threads');
exports.handler = async (event) => {
  await new Promise((resolve) => setTimeout(resolve, event.ms));
  return { threadId, ms: event.ms };
};`,
);

const lines: string[] = [];
const fn = new LocalFunction(
  {
    label: 'sleeper',
    functionName: 'sleeper',
    functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:sleeper',
    dir,
    handler: 'index.handler',
    timeoutSeconds: 3,
    memoryMb: 128,
    env: {},
  },
  { line: (_source, text) => lines.push(text) },
);
afterAll(() => fn.stop());

type Answer = { threadId: number; ms: number };

it('a timeout fails that invocation alone; new ones go to a fresh worker', async () => {
  const first = (await fn.invoke({ ms: 1 })) as Answer;
  const slow = fn.invoke({ ms: 20_000 });
  // Still in flight when the slow one times out (at 3 s), and done a second before its own time is up: margins
  // of a second, as the unit files may run on a loaded machine.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const neighbour = fn.invoke({ ms: 2_000 });
  const timedOut = await slow.catch((error: unknown) => error);
  expect(timedOut).toBeInstanceOf(InvocationError);
  expect(timedOut).toMatchObject({ errorType: 'TimeoutError' });
  const after = (await fn.invoke({ ms: 1 })) as Answer;
  expect(after.threadId).not.toBe(first.threadId);
  await expect(neighbour).resolves.toEqual({ threadId: first.threadId, ms: 2_000 });
});

/** A function of `source` (in `file`) with a 2 s timeout (a second of margin for a loaded machine), stopped after the test. */
function functionOf(name: string, source: string, file = 'index.js'): LocalFunction {
  const own = mkdtempSync(join(tmpdir(), `local-lambda-${name}-`));
  writeFileSync(join(own, file), source);
  const local = new LocalFunction(
    {
      label: name,
      functionName: name,
      functionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
      dir: own,
      handler: 'index.handler',
      timeoutSeconds: 2,
      memoryMb: 128,
      env: {},
    },
    { line: (_source, text) => lines.push(text) },
  );
  stops.push(() => local.stop());
  return local;
}
const stops: Array<() => Promise<void>> = [];
afterAll(() => Promise.all(stops.map((stop) => stop())));

it("a container's init does not count against its first invocation's timeout, as on Lambda", async () => {
  // Loading takes twice the function's timeout (a busy machine, a large bundle); the handler itself is quick.
  const slowInit = functionOf(
    'slow-init',
    `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 4000);
exports.handler = async () => 'answered';`,
  );
  await expect(slowInit.invoke({})).resolves.toBe('answered');
});

it('a bundle that fails to load fails each invocation with its error, and a hung handler still times out', async () => {
  const broken = functionOf('broken', `throw new Error('no config');`);
  await expect(broken.invoke({})).rejects.toMatchObject({ message: 'no config' });
  const hung = functionOf('hung', `exports.handler = () => new Promise(() => {});`);
  await expect(hung.invoke({})).rejects.toMatchObject({ errorType: 'TimeoutError' });
});

it('loads a CommonJS bundle and an ES module handler alike', async () => {
  // __filename exists in a CommonJS module only, import.meta in an ES module only.
  const commonJs = functionOf(
    'cjs',
    'exports.handler = async () => ({ file: __filename.endsWith("index.js") });',
  );
  await expect(commonJs.invoke({})).resolves.toEqual({ file: true });
  const esm = functionOf(
    'esm',
    'export const handler = async () => ({ file: import.meta.url.endsWith("index.mjs") });',
    'index.mjs',
  );
  await expect(esm.invoke({})).resolves.toEqual({ file: true });
});
