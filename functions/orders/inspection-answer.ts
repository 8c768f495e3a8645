/**
 * The seller's answer to an inspection, with the order's secret link token, and the schedule that answers for
 * sellers whose window ended (silence accepts).
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { inspectionMessages as m } from '../../shared/messages.js';
import type { InspectionAnswerRequest, InspectionView } from '../../shared/schemas/inspection.js';
import { db, tableName } from '../lib/db.js';
import { AppError } from '../lib/errors.js';
import { errorDetails, log } from '../lib/log.js';
import { assertLinkLive, orderIdForToken } from '../lib/order-access.js';
import { countHits, type Limit, limitStates, rateLimited, scopeOf } from '../lib/rate-limit.js';
import { recordAnswer } from '../lib/receiving/answers.js';
import { answerDue } from '../lib/receiving/entities.js';
import { type ReceivingOrderItem, toPublicInspectionView } from '../lib/receiving/views.js';
import { getOrder } from './order-repository.js';

/** Answers per client per window: a seller answers once; a few more cover double clicks and retries. */
export const ANSWER_LIMIT_PER_IP = 20;
export const ANSWER_WINDOW_MINUTES = 15;

export async function answerInspection(
  request: InspectionAnswerRequest,
  ip: string,
  now: () => Date,
): Promise<InspectionView> {
  const client: Limit = {
    scope: scopeOf('inspection-answer', 'ip', ip),
    max: ANSWER_LIMIT_PER_IP,
    windowMinutes: ANSWER_WINDOW_MINUTES,
  };
  const [state] = await limitStates([client], now());
  if (state.full) throw rateLimited([state.windowEnd], now(), m.tooMany);
  await countHits([client], now());
  const orderId = await orderIdForToken(request.token);
  assertLinkLive(await getOrder(orderId), now());
  await recordAnswer(orderId, request.answer, now);
  const view = toPublicInspectionView((await getOrder(orderId)) as ReceivingOrderItem);
  if (!view) throw new AppError('conflict', m.notInspected);
  return view;
}

/**
 * The hourly run: every inspection whose window has ended is accepted for its seller (one Query of the
 * answers due up to now, oldest first). An order the seller answered, corrected or deleted meanwhile is
 * skipped and its pointer, stale, removed.
 */
export async function acceptAnswersDue(now: () => Date): Promise<{ accepted: number; skipped: number }> {
  let accepted = 0;
  let skipped = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk <= :until',
        ExpressionAttributeValues: { ':pk': answerDue.partition, ':until': `${now().toISOString()}#~` },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const orderId = String(item.order_id);
      try {
        await recordAnswer(orderId, 'auto', now);
        accepted++;
      } catch (error) {
        skipped++;
        // Answered by the seller meanwhile, corrected, or deleted: the pointer is stale. A run that kept losing
        // races (answerFailed) leaves it for the next hour.
        const stale = error instanceof AppError && error.message !== m.answerFailed;
        if (stale) {
          await db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
        } else {
          log('error', 'inspection not accepted at the end of its window', {
            orderId,
            ...errorDetails(error),
          });
        }
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { accepted, skipped };
}
