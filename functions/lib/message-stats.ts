import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MarketingStats } from '../../shared/schemas/admin-marketing.js';
import { db, tableName } from './db.js';
import { counters, dayOf, type MessageCounter, type MessageStatsItem } from './entities.js';

/**
 * The daily message counters (entities.ts MessageStatsItem). Callers count a message once, when a conditional
 * write moved its status, on the day the message was created, so a late callback lands on the right day.
 */
export async function countMessage(counter: MessageCounter, createdAt: string | Date, by = 1): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counters.messagingDay(dayOf(createdAt)),
      UpdateExpression: 'ADD #c :by',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':by': by },
    }),
  );
}

export const STATS_WINDOW_DAYS = 30;

const percent = (part: number, whole: number): number =>
  whole <= 0 ? 0 : Math.round((Math.max(0, part) / whole) * 1000) / 10;

/** The totals of day items: sent, the outcomes, and the success rates (see ZMarketingStats). */
export function summarizeMessageStats(items: Array<Partial<MessageStatsItem>>): MarketingStats {
  const sum = (counter: MessageCounter) => items.reduce((total, item) => total + (item[counter] ?? 0), 0);
  const smsSent = sum('sms_sent');
  const smsFailed = sum('sms_failed');
  const smsUndelivered = sum('sms_undelivered');
  const emailsSent = sum('email_sent');
  const emailsFailed = sum('email_failed');
  const emailsBounced = sum('email_bounced');
  return {
    days: STATS_WINDOW_DAYS,
    smsSent,
    smsDelivered: sum('sms_delivered'),
    smsFailed: smsFailed + smsUndelivered,
    // Of the SMS we tried to send, those Twilio accepted and did not later report undelivered or failed.
    smsSuccessRate: percent(smsSent - smsUndelivered, smsSent + smsFailed),
    emailsSent,
    emailsFailed,
    emailsBounced,
    // Of the e-mails we tried to send, those SES accepted and that did not bounce.
    emailSuccessRate: percent(emailsSent - emailsBounced, emailsSent + emailsFailed),
  };
}

/** The last 30 UTC days, today included: one Query of one partition (at most 30 small items). */
export async function readMessageStats(now: Date): Promise<MarketingStats> {
  const from = dayOf(new Date(now.getTime() - (STATS_WINDOW_DAYS - 1) * 86_400_000));
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': counters.messagingPartition, ':from': from, ':to': dayOf(now) },
    }),
  );
  return summarizeMessageStats(Items as Array<Partial<MessageStatsItem>>);
}
