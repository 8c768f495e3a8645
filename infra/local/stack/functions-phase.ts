/**
 * Phase 3, functions: one worker thread per function (started now; in the test profile, on its first call), with
 * the environment the template gives it and what a measuring tool's hooks add (hooks.ts).
 */
import * as ENV from '../../../shared/env-vars.js';
import { type FunctionSpec, LocalFunction } from '../lambdas.js';
import { phase } from '../phases.js';
import { assetDirOf } from '../synth.js';
import { withoutHash } from '../template/names.js';
import type { Functions, StartContext } from './context.js';
import type { Provisioned } from './provisioning-phase.js';

export async function startFunctions(ctx: StartContext, stack: Provisioned) {
  const { synthesized, physical, hooks, functionEnvs, endpointEnv } = stack;
  return phase(async (cleanups) => {
    const baseEnv: Record<string, string> = {};
    for (const name of ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ']) {
      const value = process.env[name];
      if (value !== undefined) baseEnv[name] = value;
    }
    const retryBase = ctx.options.retryBaseSeconds ?? (ctx.profile === 'test' ? 1 : undefined);
    const functions: Functions = new Map();
    cleanups.add(async () => {
      await Promise.all([...functions.values()].map((f) => f.stop()));
    });
    for (const fn of stack.model.functions) {
      const own = functionEnvs.get(fn.logicalId);
      if (!own) continue;
      const functionName = physical[fn.logicalId].ref;
      const dir = assetDirOf(fn, synthesized);
      const spec: FunctionSpec = {
        label: withoutHash(fn.logicalId),
        functionName,
        functionArn: physical[fn.logicalId].attrs.Arn,
        dir,
        handler: fn.handler,
        timeoutSeconds: fn.timeoutSeconds,
        memoryMb: fn.memoryMb,
        env: {
          ...baseEnv,
          ...endpointEnv,
          AWS_LAMBDA_FUNCTION_NAME: functionName,
          AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
          AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
          AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
          LAMBDA_TASK_ROOT: dir,
          _HANDLER: fn.handler,
          [ENV.localSecretsFile]: ctx.files.secrets,
          [ENV.localSigningSecretsFile]: ctx.files.signingSecrets,
          ...own,
          // Only where the template grants the payout key (checkout, the reveal route): its local stand-in.
          ...(own[ENV.payoutKeyArn] ? { [ENV.localPayoutKeyFile]: ctx.files.payoutKey } : {}),
          ...(retryBase !== undefined && own[ENV.jobRetryBaseSeconds]
            ? { [ENV.jobRetryBaseSeconds]: String(retryBase) }
            : {}),
        },
      };
      const hooked = {
        key: own[ENV.functionKey] ?? withoutHash(fn.logicalId),
        label: spec.label,
        memoryMb: fn.memoryMb,
        env: spec.env,
      };
      Object.assign(spec.env, hooks.functionEnv?.(hooked));
      const observer = hooks.observer?.(hooked);
      const local = new LocalFunction(spec, ctx.log, (ms, failed) => {
        observer?.(ms, failed);
        for (const listener of ctx.afterInvocation) listener();
      });
      // A test run's stacks load a function's bundle when it is first called: each stack calls only some of
      // them, and loading all 74 at once costs about 18 s of CPU when the run is busiest.
      if (ctx.profile !== 'test') local.warm();
      functions.set(fn.logicalId, local);
    }
    return { functions };
  });
}
