import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assignLane, LANES_VARIABLE } from '../support/exclusive';

/** A test worker's own copy of the module: it knows only what the file says. */
const reader = (): typeof import('../support/exclusive') => {
  let loaded: typeof import('../support/exclusive') | undefined;
  jest.isolateModules(() => {
    loaded = require('../support/exclusive');
  });
  if (!loaded) throw new Error('not loaded');
  return loaded;
};

/** The runner tells each exclusive file its stack through a file its workers read (test/runner.ts). */
it('gives each exclusive file the stack the runner assigned it, and none to a file it did not', () => {
  const before = process.env[LANES_VARIABLE];
  process.env[LANES_VARIABLE] = join(mkdtempSync(join(tmpdir(), 'lanes-')), 'lanes.json');
  try {
    const worker = reader();
    expect(worker.laneOf('/repo/test/a.test.ts')).toBeUndefined();
    assignLane('/repo/test/a.test.ts', 'shared');
    assignLane('/repo/test/b.test.ts', 'exclusive');
    expect(worker.laneOf('/repo/test/a.test.ts')).toBe('shared');
    expect(worker.laneOf('/repo/test/b.test.ts')).toBe('exclusive');
    expect(worker.laneOf('/repo/test/c.test.ts')).toBeUndefined();
  } finally {
    if (before === undefined) delete process.env[LANES_VARIABLE];
    else process.env[LANES_VARIABLE] = before;
  }
});
