/**
 * Phase 1, emulators: DynamoDB Local, cognito-local, the SES emulator, fauxqs and s3rver boot in the background
 * (`ready`) while the app synthesizes; the EasyPost and Twilio test servers start at once. Cleanup: all stopped.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEasyPostServer } from '../../fakes/easypost/index.js';
import { startTwilioServer } from '../../fakes/twilio-server.js';
import {
  assertJava,
  type Emulator,
  startCognito,
  startDynamoDb,
  startFauxqs,
  startS3rver,
  startSes,
} from '../emulators.js';
import { phase } from '../phases.js';
import { assertPortsFree } from '../ports.js';
import { reapStaleChildren, recordChildren } from '../stale-children.js';
import { readLocalSecret, type StartContext } from './context.js';

export async function startEmulators(ctx: StartContext) {
  const { ports, dataDir, logsDir, options, files } = ctx;
  return phase(async (cleanups) => {
    reapStaleChildren(files.pids, dataDir);
    assertJava();
    await assertPortsFree(ports);
    const report = (line: string) => ctx.log.line('runner', line);
    const common = { signal: options.signal, report };
    const starting = {
      dynamodb: startDynamoDb({
        port: ports.dynamodb,
        dbPath: ctx.profile === 'test' ? undefined : join(dataDir, 'dynamodb'),
        logFile: join(logsDir, 'dynamodb.log'),
        // A test run's: the warm-up's work (about 20 s of CPU) and C2's compiles would compete with its files.
        shortLived: ctx.profile === 'test',
        ...common,
      }),
      cognito: startCognito({
        port: ports.cognito,
        directory: join(dataDir, 'cognito'),
        logFile: join(logsDir, 'cognito.log'),
        ...common,
      }),
      ses: startSes({ port: ports.ses, directory: dataDir, logFile: join(logsDir, 'ses.log'), ...common }),
      sqs: startFauxqs({ port: ports.sqs }),
      s3: startS3rver({ port: ports.s3, directory: join(dataDir, 's3') }),
    };
    const booting = Promise.allSettled<Emulator>(Object.values(starting));
    const up = (outcomes: Array<PromiseSettledResult<Emulator>>) =>
      outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    // Emulators still booting are stopped too once they are up, not left behind.
    cleanups.add(async () => {
      const running = up(await booting);
      await Promise.all(running.map((e) => e.stop().catch(() => {})));
      rmSync(files.pids, { force: true });
    });
    const ready = booting.then(async (outcomes) => {
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      recordChildren(files.pids, up(outcomes));
      return { sesProxy: (await starting.ses).proxy, sqsFaults: (await starting.sqs).faults };
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

export type Emulators = Awaited<ReturnType<typeof startEmulators>>;
