import { spawn } from 'node:child_process';
import { waitUntilReady } from '../../infra/local/emulators';

/** Issue 38 §6: a slow start is waited for (saying what for), and only a real error ends it early. */
describe('waitUntilReady', () => {
  it('waits for a slow emulator, saying what for while it waits', async () => {
    const lines: string[] = [];
    // Ready once it has been reported twice (a fixed time missed the second report on a loaded machine).
    await waitUntilReady('Slow Emulator', async () => lines.length >= 2, {
      report: (line) => lines.push(line),
      reportEveryMs: 100,
      pollMs: 20,
    });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^still waiting for Slow Emulator \(\d+ s\)$/);
  });

  it('a probe that hangs does not hold up the reports or the deadline', async () => {
    const lines: string[] = [];
    const hang = () => new Promise<boolean>(() => {});
    await expect(
      waitUntilReady('Hung Emulator', hang, {
        timeoutMs: 400,
        probeTimeoutMs: 50,
        reportEveryMs: 100,
        pollMs: 10,
        report: (line) => lines.push(line),
      }),
    ).rejects.toThrow('Hung Emulator did not answer within 0.4 s');
    // One at least: each round that ends past a report's time reports, the last one before the deadline too.
    expect(lines.length).toBeGreaterThanOrEqual(1);
  });

  it('a process that exits ends the wait at once (not at the deadline)', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)']);
    await expect(waitUntilReady('Dying Emulator', async () => false, { child, pollMs: 20 })).rejects.toThrow(
      'Dying Emulator exited while starting (code 3)',
    );
  });
});
