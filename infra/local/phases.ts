/**
 * Start-up in phases, each undone by its own cleanup: `startLocalStack` runs emulators, provisioning, functions,
 * gateway, pollers and schedules one after the other through a `PhaseRunner`, which undoes the phases already
 * started, last first, when a later one fails (or the start-up is aborted), and all of them on stop.
 */
import { LocalStackError } from './errors.js';

export type Cleanup = () => Promise<void>;

/** What a phase hands on: its outputs, and how to undo what it started. */
export type Started<T> = T & { cleanup: Cleanup };

/** Cleanups run last first; one failing does not keep the others from running. */
export class Cleanups {
  private readonly list: Cleanup[] = [];

  add(cleanup: Cleanup): void {
    this.list.push(cleanup);
  }

  async run(): Promise<void> {
    for (const cleanup of this.list.splice(0).reverse()) await cleanup().catch(() => {});
  }
}

/**
 * Runs one phase's body with its own cleanups: what the body started is undone by the returned cleanup, or at
 * once, should the body fail half-way (a phase leaves nothing behind when it fails).
 */
export async function phase<T extends object>(body: (cleanups: Cleanups) => Promise<T>): Promise<Started<T>> {
  const cleanups = new Cleanups();
  try {
    const value = await body(cleanups);
    return { ...value, cleanup: () => cleanups.run() };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

export class PhaseRunner {
  private readonly started = new Cleanups();

  constructor(
    private readonly options: {
      signal?: AbortSignal;
      /** Told when each phase is done (the runner logs the time with LOCAL_DEBUG). */
      onPhase?: (name: string) => void;
    } = {},
  ) {}

  /** Runs a phase unless the start-up was aborted; its cleanup joins those `stop` runs. */
  async run<T extends { cleanup: Cleanup }>(name: string, start: () => Promise<T>): Promise<T> {
    if (this.options.signal?.aborted) throw new LocalStackError('Stopped before the local stack was ready.');
    const started = await start();
    this.started.add(started.cleanup);
    this.options.onPhase?.(name);
    return started;
  }

  /** Undoes every phase started so far, last first. */
  stop(): Promise<void> {
    return this.started.run();
  }
}
