/**
 * Phase 6, schedules: the template's scheduled rules as runnable functions (`scheduleRun`: each runs now with a
 * POST to its `/__local/schedules/<name>` URL, a control the gateway serves), and in the dev profile `rate()`
 * rules run on time. Cleanup: the timers are cleared.
 */
import { LocalStackError } from '../errors.js';
import { phase } from '../phases.js';
import { type LocalSchedule, rateMs, scheduledEvent } from '../schedules.js';
import type { Functions, StartContext } from './context.js';
import type { Provisioned } from './provisioning-phase.js';

/** A scheduled function with its URL, and how to run it now. */
export interface ScheduleRun extends LocalSchedule {
  url: string;
  run: () => Promise<unknown>;
}

export function scheduleRun(
  ctx: StartContext,
  stack: Provisioned,
  functions: Functions,
  schedule: LocalSchedule,
): ScheduleRun {
  const { rule } = schedule;
  const fn = functions.get(rule.functionLogicalId);
  if (!fn) throw new LocalStackError(`Schedule ${rule.logicalId} has no runnable function`);
  const ruleArn = stack.physical[rule.logicalId]?.attrs.Arn ?? rule.logicalId;
  return {
    ...schedule,
    url: `${ctx.naming.siteOrigin}/__local/schedules/${schedule.name}`,
    run: () => fn.invoke(scheduledEvent(ruleArn, ctx.naming.region, ctx.naming.accountId)),
  };
}

/** Phase 6, schedules: the dev profile runs `rate()` rules on time (every one runs on demand in both profiles). */
export async function startSchedules(ctx: StartContext, schedules: readonly ScheduleRun[]) {
  return phase(async (cleanups) => {
    if (ctx.profile !== 'dev') return {};
    for (const schedule of schedules) {
      const every = rateMs(schedule.rule.expression);
      if (!every) continue;
      const timer = setInterval(() => {
        schedule.run().catch((error: Error) => {
          ctx.log.line(schedule.name, `scheduled run failed: ${error.message}`);
        });
      }, every);
      timer.unref();
      cleanups.add(async () => clearInterval(timer));
    }
    return {};
  });
}
