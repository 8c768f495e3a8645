/**
 * What the phases of `startLocalStack` (stack-runner.ts) share: the start context every phase receives, and the
 * functions the functions phase starts, which the gateway, pollers and schedules invoke.
 */
import type { LocalFunction, LogSink } from '../lambdas.js';
import type { PortMap, Profile } from '../ports.js';
import type { Endpoints } from '../sdk.js';
import type { LocalStackOptions } from '../stack-runner.js';
import type { LocalNaming } from '../template/intrinsics.js';

/** What every phase knows before anything starts. */
export interface StartContext {
  options: LocalStackOptions;
  profile: Profile;
  stage: string;
  ports: PortMap;
  endpoints: Endpoints;
  naming: LocalNaming;
  dataDir: string;
  logsDir: string;
  log: LogSink;
  files: { pids: string; secrets: string; signingSecrets: string; payoutKey: string };
  /** Stops a start-up that was aborted; with LOCAL_DEBUG, logs how long it took to get here. */
  checkpoint(name: string): void;
}

/** The running functions by their logical id. */
export type Functions = Map<string, LocalFunction>;
