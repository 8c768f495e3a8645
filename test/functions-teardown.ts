import { removeSynthRunDir } from './infra/support/synth-run';

/** The infra project's teardown: removes the run's shared synth (test/infra/support/synth-run.ts). */
export default async function functionsTeardown(): Promise<void> {
  removeSynthRunDir();
}
