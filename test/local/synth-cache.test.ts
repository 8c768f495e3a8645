import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assemblyFingerprint, cachedAssembly } from '../../infra/local/synth';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'synth-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A build that takes a while and writes what the cache looks for. */
const slowBuild = (builds: string[]) => async (building: string) => {
  builds.push(building);
  await sleep(300);
  mkdirSync(building, { recursive: true });
  writeFileSync(join(building, 'local-stack.json'), '{}');
};

describe('two starts synthesizing one assembly', () => {
  it('build it once: the second waits for the first and finds its assembly', async () => {
    const entry = join(dir, 'abc');
    const builds: string[] = [];
    const outcomes = await Promise.all([
      cachedAssembly(dir, entry, slowBuild(builds)),
      cachedAssembly(dir, entry, slowBuild(builds)),
    ]);
    expect(builds).toHaveLength(1);
    expect(outcomes.sort()).toEqual([false, true]);
  });

  it('a lock its holder stopped refreshing (killed half-way) is taken over', async () => {
    const entry = join(dir, 'abc');
    mkdirSync(`${entry}.lock`);
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(`${entry}.lock`, old, old);
    const builds: string[] = [];
    await expect(cachedAssembly(dir, entry, slowBuild(builds), 5_000)).resolves.toBe(false);
    expect(builds).toHaveLength(1);
  });

  it('a failed build leaves no assembly and no lock: the next start builds again', async () => {
    const entry = join(dir, 'abc');
    await expect(
      cachedAssembly(dir, entry, async () => {
        throw new Error('synth failed');
      }),
    ).rejects.toThrow('synth failed');
    const builds: string[] = [];
    await expect(cachedAssembly(dir, entry, slowBuild(builds))).resolves.toBe(false);
    expect(builds).toHaveLength(1);
  });
});

describe("the assembly's fingerprint", () => {
  it('changes with the app, its functions or the stage; not with the local stack or dot folders', () => {
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    for (const folder of ['infra', 'functions', 'shared']) write(`${folder}/a.ts`, 'x');
    write('package.json', '{}');
    const first = assemblyFingerprint(dir, 'dev');
    expect(assemblyFingerprint(dir, 'prod')).not.toBe(first);
    write('infra/local/runner.ts', 'y');
    write('infra/fakes/easypost.ts', 'y');
    write('functions/.cache/x', 'y');
    write('functions/node_modules/p/index.js', 'y');
    expect(assemblyFingerprint(dir, 'dev')).toBe(first);
    write('functions/orders/handlers/get.ts', 'z');
    expect(assemblyFingerprint(dir, 'dev')).not.toBe(first);
  });
});
