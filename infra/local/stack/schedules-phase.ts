/**
 * Phase 6, schedules: each EventBridge rule's function runs with a POST to `/__local/schedules/<name>`, named
 * after its row of the schedule table (shared/routes.ts); the dev profile also runs `rate()` rules on time.
 */
import { randomUUID } from 'node:crypto';
import type { ScheduleDef } from '../../../shared/route-def.js';
import { schedules as scheduleTable } from '../../../shared/routes.js';
import { phase } from '../phases.js';
import { withoutHash } from '../template/names.js';
import type { ScheduleRuleDef } from '../template/stack-model.js';
import { type Functions, runnable, type StartContext } from './context.js';
import type { Provisioned } from './provisioning-phase.js';

export interface LocalSchedule {
  /** The row's key in the schedule table (`refundExpiredLabels`): its function's FUNCTION_KEY. */
  name: string;
  /** What a run does, e.g. `Refund unused labels`; the name when the table has no such row. */
  title: string;
  rule: ScheduleRuleDef;
}

/**
 * The enabled rules of the template, named after the schedule table's rows. A rule whose function names no row
 * of it (an app given to the runner with its own) keeps its logical id, without CDK's hash, as name and title.
 */
export function nameSchedules(
  rules: readonly ScheduleRuleDef[],
  functionKeyOf: (functionLogicalId: string) => string | undefined,
  table: Readonly<Record<string, Pick<ScheduleDef, 'title'>>> = scheduleTable,
): LocalSchedule[] {
  return rules
    .filter((rule) => rule.enabled)
    .map((rule) => {
      const key = functionKeyOf(rule.functionLogicalId);
      const row = key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
      const name = row && key ? key : withoutHash(rule.logicalId);
      return { name, title: row?.title ?? name, rule };
    });
}

/** `rate(1 day)` in milliseconds; undefined for cron() expressions, which run only on demand locally. */
export function rateMs(expression: string): number | undefined {
  const match = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (!match) return undefined;
  const unit = match[2].startsWith('minute') ? 60_000 : match[2].startsWith('hour') ? 3_600_000 : 86_400_000;
  return Number(match[1]) * unit;
}

/** The event EventBridge hands a scheduled target. */
export function scheduledEvent(ruleArn: string, region: string, account: string) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account,
    time: new Date().toISOString(),
    region,
    resources: [ruleArn],
    detail: {},
  };
}

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
  const fn = runnable(functions, rule.functionLogicalId, `Schedule ${rule.logicalId}`);
  const ruleArn = stack.physical[rule.logicalId]?.attrs.Arn ?? rule.logicalId;
  return {
    ...schedule,
    url: `${ctx.naming.siteOrigin}/__local/schedules/${schedule.name}`,
    run: () => fn.invoke(scheduledEvent(ruleArn, ctx.naming.region, ctx.naming.accountId)),
  };
}

/** The dev profile runs `rate()` rules on time (every one runs on demand in both profiles). */
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
