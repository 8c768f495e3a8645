import { createSynthRunDir } from './infra/support/synth-run';
import { startFunctionBuild } from './support/function-build';

/**
 * The infra project's setup: starts the one build of the functions this run shares (the CDK tests and the local
 * stack's synth) in the background; the tests wait for it (test/support/function-build.ts). It also makes the
 * folder where the first test file to get there synthesizes the stack for all of them
 * (test/infra/support/synth-run.ts).
 */
export default async function functionsSetup(): Promise<void> {
  startFunctionBuild();
  createSynthRunDir();
}
