import { nameSchedules, rateMs } from '../../infra/local/stack/schedules-phase';
import type { ScheduleRuleDef } from '../../infra/local/template/stack-model';

const rule = (logicalId: string, functionLogicalId: string, enabled = true): ScheduleRuleDef => ({
  logicalId,
  functionLogicalId,
  expression: 'rate(1 day)',
  enabled,
});

test('a schedule is named after its row in shared/routes.ts, whose title says what a run does', () => {
  const keys: Record<string, string> = { RefundFunctionABCD1234: 'refundExpiredLabels' };
  const named = nameSchedules(
    [rule('SchedulesrefundExpiredLabelsRule1A2B3C4D', 'RefundFunctionABCD1234')],
    (id) => keys[id],
  );
  expect(named.map(({ name, title }) => ({ name, title }))).toEqual([
    { name: 'refundExpiredLabels', title: 'Refund unused labels' },
  ]);
});

test('a rule the table does not know keeps its logical id without the hash; disabled rules are left out', () => {
  const named = nameSchedules(
    [
      rule('NightlyRule0123ABCD', 'Fn1'),
      rule('OffRule89ABCDEF', 'Fn2', false),
      rule('ProtoRule0000AAAA', 'Fn3'),
    ],
    (id) => (id === 'Fn3' ? 'toString' : undefined),
    { refundExpiredLabels: { title: 'Refund unused labels' } },
  );
  expect(named.map(({ name, title }) => ({ name, title }))).toEqual([
    { name: 'NightlyRule', title: 'NightlyRule' },
    { name: 'ProtoRule', title: 'ProtoRule' },
  ]);
});

test('rate() expressions run on time in dev; cron() only on demand', () => {
  expect(rateMs('rate(1 day)')).toBe(86_400_000);
  expect(rateMs('rate(5 minutes)')).toBe(300_000);
  expect(rateMs('cron(0 3 * * ? *)')).toBeUndefined();
});
