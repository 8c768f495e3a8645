import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tryClaim, waitForAssembly } from '../../infra/local/synth';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'synth-claim-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('two starts synthesizing one assembly', () => {
  it('the first claims it, the second does not', () => {
    const claim = join(dir, 'abc.claim');
    expect(tryClaim(claim)).toBe(true);
    expect(tryClaim(claim)).toBe(false);
  });

  /** The pid of a process that has ended. */
  const endedPid = () => spawnSync(process.execPath, ['-e', '0']).pid as number;

  it('the claim holds the pid of the start that made it', () => {
    const claim = join(dir, 'abc.claim');
    expect(tryClaim(claim)).toBe(true);
    expect(readFileSync(join(claim, 'pid'), 'utf8')).toBe(String(process.pid));
  });

  it('a claim whose start has ended (stopped half-way) is taken over at once', () => {
    const claim = join(dir, 'abc.claim');
    mkdirSync(claim);
    writeFileSync(join(claim, 'pid'), String(endedPid()));
    expect(tryClaim(claim)).toBe(true);
  });

  it('a claim left long ago is taken over', () => {
    const claim = join(dir, 'abc.claim');
    mkdirSync(claim);
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(claim, old, old);
    expect(tryClaim(claim)).toBe(true);
  });

  it('the second waits until the first has cached the assembly', async () => {
    const entry = join(dir, 'abc');
    const claim = `${entry}.claim`;
    mkdirSync(claim);
    let done = false;
    const waiting = waitForAssembly(entry, claim).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(done).toBe(false);
    mkdirSync(entry);
    writeFileSync(join(entry, 'local-stack.json'), '{}');
    await waiting;
    expect(done).toBe(true);
  });

  it('and stops waiting when the first has ended without giving up its claim', async () => {
    const entry = join(dir, 'abc');
    const claim = `${entry}.claim`;
    mkdirSync(claim);
    writeFileSync(join(claim, 'pid'), String(endedPid()));
    await waitForAssembly(entry, claim);
  });

  it('and stops waiting when the first gives up its claim without an assembly', async () => {
    const entry = join(dir, 'abc');
    const claim = `${entry}.claim`;
    mkdirSync(claim);
    setTimeout(() => rmSync(claim, { recursive: true, force: true }), 300);
    await waitForAssembly(entry, claim);
  });
});
