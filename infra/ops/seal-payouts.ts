/**
 * Seals the payout details of orders stored before the encryption (`npm run ops -- seal-payouts`): each order
 * whose `payment_details` is still a plaintext map (or the older backend's JSON text) gets the same envelope
 * checkout writes today (functions/lib/payout-crypto.ts, the order id as context) and the masked copy beside
 * it. Idempotent: an envelope is never touched, and each write is conditional on the value just read, so a run
 * interrupted or run twice seals each order once. A one-off backfill, not a request path: it reads the table
 * with a Scan (orders only, the attributes it needs).
 */
import { type DynamoDBDocumentClient, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PayoutSealer } from '../../functions/lib/payout-crypto.js';
import {
  isPayoutEnvelope,
  legacyPayoutDetails,
  maskPayoutDetails,
} from '../../functions/lib/payout-details.js';

export interface SealReport {
  /** Orders read. */
  orders: number;
  /** Already sealed (or with nothing to seal). */
  skipped: number;
  /** Sealed now (with dryRun: would be). */
  sealed: number;
  /** Changed by someone else between the read and the write: run again. */
  changed: number;
}

export async function sealPayouts(options: {
  documents: DynamoDBDocumentClient;
  tableName: string;
  sealer: PayoutSealer;
  dryRun: boolean;
  log: (line: string) => void;
}): Promise<SealReport> {
  const { documents, tableName, sealer, dryRun, log } = options;
  const report: SealReport = { orders: 0, skipped: 0, sealed: 0, changed: 0 };
  for await (const page of paginateScan(
    { client: documents },
    {
      TableName: tableName,
      FilterExpression: '#entity = :order',
      ProjectionExpression: 'pk, sk, order_id, payment_details',
      ExpressionAttributeNames: { '#entity': 'entity' },
      ExpressionAttributeValues: { ':order': 'order' },
    },
  )) {
    for (const item of page.Items ?? []) {
      report.orders++;
      const stored: unknown = item.payment_details;
      const details = isPayoutEnvelope(stored) ? {} : legacyPayoutDetails(stored);
      const orderId = typeof item.order_id === 'string' ? item.order_id : undefined;
      if (!orderId || Object.keys(details).length === 0) {
        report.skipped++;
        continue;
      }
      if (dryRun) {
        report.sealed++;
        log(`  would seal order ${orderId} (${Object.keys(details).join(', ')})`);
        continue;
      }
      try {
        await documents.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'SET payment_details = :sealed, payment_details_masked = :masked',
            ConditionExpression: 'payment_details = :old',
            ExpressionAttributeValues: {
              ':sealed': await sealer.encrypt(orderId, details),
              ':masked': maskPayoutDetails(details),
              ':old': stored,
            },
          }),
        );
        report.sealed++;
        log(`  sealed order ${orderId}`);
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        report.changed++;
        log(`  order ${orderId} changed while it was sealed: left for the next run`);
      }
    }
  }
  return report;
}
