import { LocalStackError } from '../../infra/local/errors';
import { PhaseRunner, phase } from '../../infra/local/phases';

/** A phase that records its start and its cleanup, and starts `parts` things, each undone on its own. */
function recorded(events: string[], name: string, parts: string[] = [], failAfter?: string) {
  return () =>
    phase(async (cleanups) => {
      events.push(`start ${name}`);
      for (const part of parts) {
        events.push(`start ${name}.${part}`);
        cleanups.add(async () => {
          events.push(`stop ${name}.${part}`);
        });
        if (part === failAfter) throw new Error(`${name} failed after ${part}`);
      }
      return { name };
    });
}

test('a phase failing half-way undoes what it started, then the phases before it, last first', async () => {
  const events: string[] = [];
  const phases = new PhaseRunner();
  await phases.run('emulators', recorded(events, 'emulators', ['dynamodb', 'cognito']));
  await phases.run('provisioning', recorded(events, 'provisioning', ['clients']));
  await expect(
    phases.run('functions', recorded(events, 'functions', ['recorder', 'workers'], 'workers')),
  ).rejects.toThrow('functions failed after workers');
  // The failed phase undid its own parts already; the runner's stop undoes the phases that were started.
  await phases.stop();
  expect(events).toEqual([
    'start emulators',
    'start emulators.dynamodb',
    'start emulators.cognito',
    'start provisioning',
    'start provisioning.clients',
    'start functions',
    'start functions.recorder',
    'start functions.workers',
    'stop functions.workers',
    'stop functions.recorder',
    'stop provisioning.clients',
    'stop emulators.cognito',
    'stop emulators.dynamodb',
  ]);
});

test('stop undoes every phase once, last first, even when a cleanup fails', async () => {
  const events: string[] = [];
  const phases = new PhaseRunner({ onPhase: (name) => events.push(`${name} done`) });
  const first = await phases.run('gateway', recorded(events, 'gateway', ['server']));
  expect(first.name).toBe('gateway');
  await phases.run('pollers', async () => ({
    cleanup: async () => {
      events.push('stop pollers');
      throw new Error('poller would not stop');
    },
  }));
  await phases.stop();
  await phases.stop();
  expect(events).toEqual([
    'start gateway',
    'start gateway.server',
    'gateway done',
    'pollers done',
    'stop pollers',
    'stop gateway.server',
  ]);
});

test('an aborted start-up starts no further phase', async () => {
  const abort = new AbortController();
  const events: string[] = [];
  const phases = new PhaseRunner({ signal: abort.signal });
  await phases.run('emulators', recorded(events, 'emulators', ['dynamodb']));
  abort.abort();
  await expect(phases.run('provisioning', recorded(events, 'provisioning'))).rejects.toThrow(
    new LocalStackError('Stopped before the local stack was ready.'),
  );
  await phases.stop();
  expect(events).toEqual(['start emulators', 'start emulators.dynamodb', 'stop emulators.dynamodb']);
});
