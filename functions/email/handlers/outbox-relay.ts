import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { systemClock } from '../../lib/clock.js';
import { errorDetails, log } from '../../lib/log.js';
import { relayOutbox } from '../outbox-emails.js';

/** The part of a stream record's new image the relay reads: which outbox record, and what it is about. */
const ZOutboxImage = z.object({
  entity: z.literal('outbox'),
  outbox_id: z.string().check(z.minLength(1)),
  kind: z.enum([
    'order_confirmation',
    'order_completed',
    'label',
    'order_inspected',
    'return_label',
    'ticket_notification',
    'ticket_confirmation',
  ]),
  order_id: z.optional(z.string().check(z.minLength(1))),
  ticket_number: z.optional(z.string().check(z.minLength(1))),
});

/**
 * The outbox relay: the table's stream, filtered to inserted outbox records (infra/constructs/outbox.ts),
 * delivers each owed e-mail onto the e-mail queue. Records are taken in order. One that can never be delivered
 * is failed at once and the relay goes on (relayOutbox), so it holds back no e-mail behind it; the first that
 * fails for a passing reason is reported (ReportBatchItemFailures) so the stream retries from it, and the ones
 * after it with it. A record that is not an outbox record (the filter should keep them out) is logged and
 * passed over, never retried.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const sequence = record.dynamodb?.SequenceNumber ?? '';
    const image = record.dynamodb?.NewImage
      ? unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>)
      : undefined;
    const parsed = ZOutboxImage.safeParse(image);
    if (!parsed.success) {
      log('warn', 'stream record is not an outbox record, passed over', { eventId: record.eventID });
      continue;
    }
    const id = parsed.data.outbox_id;
    try {
      const outcome = await relayOutbox(parsed.data, systemClock);
      log('info', 'outbox record relayed', { outboxId: id, outcome });
    } catch (error) {
      log('error', 'outbox record not relayed, retried from here', { outboxId: id, ...errorDetails(error) });
      return { batchItemFailures: [{ itemIdentifier: sequence }] };
    }
  }
  return { batchItemFailures: [] };
}
