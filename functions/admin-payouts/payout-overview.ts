import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REJECTION_REASON_LABELS, REJECTION_REASONS } from '../../shared/rules/inspection.js';
import type { PayoutOverview } from '../../shared/schemas/receiving.js';
import { db, tableName } from '../lib/db.js';
import { counters, type DailyStatsItem, dayOf, sumCounters } from '../lib/entities.js';
import {
  BOXES_ACCEPTED,
  BOXES_RECEIVED,
  MAX_PAID_DAYS,
  medianDays,
  paidAfterCounter,
  rejectedCounter,
} from '../lib/receiving/counters.js';

export const OVERVIEW_DAYS = 30;

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The overview from the period's day counters (every shard of every day), summed. */
export function toOverview(items: readonly DailyStatsItem[], days = OVERVIEW_DAYS): PayoutOverview {
  const sum = (sumCounters(items) ?? {}) as Record<string, unknown>;
  const received = num(sum[BOXES_RECEIVED]);
  const accepted = num(sum[BOXES_ACCEPTED]);
  let ordersPaid = 0;
  for (let d = 0; d <= MAX_PAID_DAYS; d++) ordersPaid += num(sum[paidAfterCounter(d)]);
  return {
    days,
    boxesReceived: received,
    boxesAccepted: accepted,
    acceptanceRate: received > 0 ? Math.round((accepted / received) * 1000) / 1000 : null,
    rejectedValue: REJECTION_REASONS.map((reason) => ({
      reason,
      label: REJECTION_REASON_LABELS[reason],
      value: num(sum[rejectedCounter(reason)]),
    })),
    medianDaysToPaid: medianDays(sum),
    ordersPaid,
  };
}

/** The UTC days of the period ending today: the first and the last (today). */
export function periodOf(now: Date, days = OVERVIEW_DAYS): { from: string; to: string } {
  const from = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { from: dayOf(from), to: dayOf(now) };
}

/** One Query of the day counters' partition over the last 30 days (their shards and pre-shard items). */
export async function getPayoutOverview(now: Date): Promise<PayoutOverview> {
  const { from, to } = periodOf(now);
  const range = counters.daysRange(from, to);
  const items: DailyStatsItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': counters.dailyPartition, ':from': range.from, ':to': range.to },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as DailyStatsItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return toOverview(items);
}
