/**
 * `npm start`: runs the whole product on localhost and prints where. Once ready, when its output is not a
 * terminal (the test global setup and the bench read it through a pipe), its last line is
 * `LOCAL_STACK_READY {json}`, which they wait for.
 */
import { LocalStackError } from './errors.js';
import { type LocalStack, startLocalStack } from './stack-runner.js';
import { TemplateError } from './template.js';

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

function banner(s: LocalStack): string {
  const rows: Array<[string, string]> = [
    ['Site', s.urls.site],
    ['API', s.urls.api],
    ['Admin login', `${s.admin.email}  /  ${s.admin.password}`],
    ['Mail viewer', `${s.urls.mail}  (captured mail as JSON: ${s.urls.mailStore})`],
    ['Mail bounce', `curl -X POST ${s.urls.sesBounce} -d '{"to":"seller@example.com"}'  (or ses/complaint)`],
    ['EasyPost (test)', `${s.urls.easypost}  (test labels only; every label says TEST)`],
    ['Twilio (test)', `${s.urls.twilio}  (SMS stay on this machine: ${s.urls.twilio}/__control/messages)`],
    [
      'Breach check',
      `curl -X POST ${s.urls.breachMode} -d '{"mode":"fail"}'  (ok, fail or hang; fixture passwords in infra/local/breach-fixtures.ts)`,
    ],
    ...Object.entries(s.schedules).map(([name, url]): [string, string] => [
      `Run ${name}`,
      `curl -X POST ${url}`,
    ]),
    // The stack outputs an operator passes to `npm run ops -- ... --local` (README 'First deploy').
    ['Table, user pool', `${s.tableName}, ${s.userPoolId}`],
    ['Data folder', s.dataDir + (s.profile === 'test' ? '  (temporary, removed on stop)' : '')],
    [
      'Started in',
      `${(s.startupMs / 1000).toFixed(1)} s${s.seeded ? ', catalogue and settings seeded' : ''}`,
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    `  StripBuyback is running locally (${s.profile} profile)`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}   ${value}`),
    '',
    '  Ctrl-C to stop.',
    '',
  ].join('\n');
}

try {
  stack = await startLocalStack({ signal: startup.signal });
  console.log(banner(stack));
  const ready = {
    profile: stack.profile,
    urls: stack.urls,
    ports: stack.ports,
    admin: stack.admin,
    userPoolId: stack.userPoolId,
    clientId: stack.clientId,
    userPoolClientId: stack.clientId,
    tableName: stack.tableName,
    imagesBucket: stack.imagesBucket ?? null,
    queues: Object.fromEntries(Object.entries(stack.queues).map(([name, queue]) => [name, queue.url])),
    queueDetails: stack.queues,
    env: stack.env,
    schedules: stack.schedules,
    dataDir: stack.dataDir,
    startupMs: stack.startupMs,
  };
  // A person at a terminal reads the banner; only a program reading the output needs the JSON line.
  if (!process.stdout.isTTY) console.log(`LOCAL_STACK_READY ${JSON.stringify(ready)}`);
} catch (error) {
  if (startup.signal.aborted) process.exit(0);
  fail(error);
}
