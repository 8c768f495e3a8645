/**
 * Writes the tracking pointer of every label bought before the packing table's scan existed (`npm run ops --
 * index-tracking`): each shipment with a tracking number gets `TRACKING#<number>` → its order, as the label
 * purchase writes it today (functions/lib/receiving/entities.ts). Idempotent: a pointer is written only where
 * there is none. A one-off backfill, not a request path: it reads the shipments with a Scan.
 */
import { type DynamoDBDocumentClient, PutCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { trackingPointer } from '../../functions/lib/receiving/entities.js';

export interface IndexReport {
  /** Shipments with a tracking number read. */
  labels: number;
  /** Pointers written (with dryRun: that would be). */
  written: number;
  /** Already pointed. */
  existing: number;
}

export async function indexTracking(options: {
  documents: DynamoDBDocumentClient;
  tableName: string;
  dryRun: boolean;
  now: Date;
  log: (line: string) => void;
}): Promise<IndexReport> {
  const { documents, tableName, dryRun, log } = options;
  const report: IndexReport = { labels: 0, written: 0, existing: 0 };
  for await (const page of paginateScan(
    { client: documents },
    {
      TableName: tableName,
      FilterExpression: 'sk = :shipment AND attribute_type(tracking_number, :s)',
      ProjectionExpression: 'order_id, tracking_number',
      ExpressionAttributeValues: { ':shipment': 'SHIPMENT', ':s': 'S' },
    },
  )) {
    for (const item of page.Items ?? []) {
      const tracking = String(item.tracking_number).trim();
      if (!tracking || typeof item.order_id !== 'string') continue;
      report.labels++;
      if (dryRun) {
        report.written++;
        log(`  would point ${tracking} at order ${item.order_id}`);
        continue;
      }
      try {
        await documents.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...trackingPointer.key(tracking),
              order_id: item.order_id,
              created_at: options.now.toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        report.written++;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        report.existing++;
      }
    }
  }
  return report;
}
