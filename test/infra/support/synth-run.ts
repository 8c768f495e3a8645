/**
 * The infra tests synthesize the stack once per jest run, not once per file (test/infra/support/stack-setup.ts).
 *
 * The infra project's global setup makes a folder for the run and names it in INFRA_SYNTH_DIR, which the workers
 * inherit; its global teardown removes it. In that folder each piece of work (laying out the functions, the synth
 * of one stage) is done by the first process to claim it, with an atomic `mkdir`, and the others wait for the done
 * marker it leaves, or fail with the reason it left instead.
 *
 * Loaded by jest's own process too (global setup, teardown): it imports node's modules only.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const INFRA_SYNTH_DIR = 'INFRA_SYNTH_DIR';

/** In jest's main process, before the workers start. */
export function createSynthRunDir(): void {
  process.env[INFRA_SYNTH_DIR] = mkdtempSync(path.join(tmpdir(), 'infra-synth-run-'));
}

/** At the end of the run: the synthesized assemblies stay until then, as tests read their files. */
export function removeSynthRunDir(): void {
  const dir = process.env[INFRA_SYNTH_DIR];
  if (dir) rmSync(dir, { recursive: true, force: true });
  delete process.env[INFRA_SYNTH_DIR];
}

const markerOf = (dir: string, name: string, kind: 'claimed' | 'done' | 'error') =>
  path.join(dir, `${name}.${kind}`);

/** Runs `make` if this process is the first to claim `name` in `dir`, and leaves its done marker or error. */
export function doOnce(dir: string, name: string, make: () => void): void {
  try {
    mkdirSync(markerOf(dir, name, 'claimed'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    make();
  } catch (error) {
    writeFileSync(
      markerOf(dir, name, 'error'),
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
    throw error;
  }
  writeFileSync(markerOf(dir, name, 'done'), '');
}

/** Waits for `name` in `dir` to be done, by whichever process claimed it; throws the reason if it failed. */
export async function waitFor(dir: string, name: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(markerOf(dir, name, 'done'))) {
    const error = markerOf(dir, name, 'error');
    if (existsSync(error))
      throw new Error(`${name} failed in another test file:\n${readFileSync(error, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`${name} in ${dir} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
