import { LABEL_VALIDITY_DAYS } from '../../shared/constants.js';
import { trackingStatusOf } from '../../shared/rules/shipment-status.js';
import type { ShipmentItem } from '../lib/entities.js';
import { errorDetails, log } from '../lib/log.js';
import { easypostClient, providerError } from './easypost.js';
import { listUnusedLabelsBefore, markLabelUsed, recordExpiry } from './shipment-repository.js';
import { apiKeyForLabel } from './shipping-config.js';

export interface RefundSummary {
  checked: number;
  refunded: number;
  inUse: number;
  failed: number;
}

type Outcome = 'refunded' | 'inUse' | 'failed';

/** One unused label: asks EasyPost first (a scan may not have reached us), then refunds and expires it. */
async function refundOne(shipment: ShipmentItem, now: Date): Promise<Outcome> {
  if (!shipment.easypost_shipment_id) return 'failed';
  const client = easypostClient(await apiKeyForLabel(shipment.is_test_mode ?? true));
  const remote = await client.retrieveShipment(shipment.easypost_shipment_id);
  const status = trackingStatusOf(remote.tracker?.status);
  if (status !== 'pre_transit' && status !== 'unknown') {
    await markLabelUsed(shipment, now);
    return 'inUse';
  }
  let refundStatus = remote.refund_status ?? null;
  if (!refundStatus) {
    try {
      refundStatus =
        (await client.refundShipment(shipment.easypost_shipment_id)).refund_status ?? 'submitted';
    } catch (error) {
      // Asked before (a run that stopped before saving): EasyPost refuses a second refund; the first stands.
      const again = await client.retrieveShipment(shipment.easypost_shipment_id);
      if (!again.refund_status) throw error;
      refundStatus = again.refund_status;
    }
  }
  await recordExpiry(shipment, refundStatus, now);
  return 'refunded';
}

/**
 * The daily run: every label bought more than 7 days ago and never scanned is refunded and marked expired,
 * so the seller can make a new one. One label's failure is logged and retried by tomorrow's run.
 */
export async function refundExpiredLabels(now: Date): Promise<RefundSummary> {
  const cutoff = new Date(now.getTime() - LABEL_VALIDITY_DAYS * 86400_000);
  const summary: RefundSummary = { checked: 0, refunded: 0, inUse: 0, failed: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listUnusedLabelsBefore(cutoff, startKey);
    for (const shipment of page.items) {
      summary.checked++;
      try {
        summary[await refundOne(shipment, now)]++;
      } catch (error) {
        summary.failed++;
        log('error', 'label not refunded', {
          orderId: shipment.order_id,
          provider: providerError(error),
          ...errorDetails(error),
        });
      }
    }
    startKey = page.next;
  } while (startKey);
  log('info', 'expired labels refunded', { ...summary });
  return summary;
}
