import { randomUUID } from 'node:crypto';
import { LABEL_LIMIT_PER_IP, LABEL_LIMIT_PER_ORDER, LABEL_WINDOW_MINUTES } from '../../shared/constants.js';
import * as ENV from '../../shared/env-vars.js';
import { labelMessages, orderMessages } from '../../shared/messages.js';
import { hasCompleteShippingAddress } from '../../shared/rules/shipping-address.js';
import { isCancelledStatus } from '../../shared/rules/tracking.js';
import type { LabelJob, ShipmentView } from '../../shared/schemas/shipment.js';
import type { ShipmentItem } from '../lib/entities.js';
import { AppError } from '../lib/errors.js';
import { type Reply, reply } from '../lib/http.js';
import { errorDetails, log } from '../lib/log.js';
import { enqueue } from '../lib/queue.js';
import { scopeOf, takeSlots } from '../lib/rate-limit.js';
import type { OrderShipment } from './label-access.js';
import { getOrderWithShipment, putLabelRequest, recordFailure } from './shipment-repository.js';
import { toShipmentView } from './shipment-views.js';

/**
 * A request or job that went quiet: a queued job not taken for this long, or a worker lease that ran out
 * this long ago (its Lambda died on the last delivery). The seller may then ask again; the worker finds any
 * EasyPost shipment already made under the same reference, so asking again never buys twice.
 */
const STALE_AFTER_MS = 15 * 60 * 1000;

function isStale(shipment: ShipmentItem, now: Date): boolean {
  const since = (iso: string | undefined) => (iso ? now.getTime() - Date.parse(iso) : 0);
  if (shipment.label_state === 'requested') return since(shipment.updated_at) > STALE_AFTER_MS;
  if (shipment.label_state === 'purchasing') return since(shipment.lease_until) > STALE_AFTER_MS;
  return false;
}

function nextGeneration(shipment: ShipmentItem | null): number {
  if (!shipment) return 1;
  // After a refund the old EasyPost shipment is spent: the new label gets its own reference.
  return shipment.label_state === 'expired' ? shipment.generation + 1 : shipment.generation;
}

/**
 * 'Generate Shipping Label': the purchased label or the one being made is answered as it is (200); a
 * cancelled order gets none (409); otherwise the request is recorded and a label job queued (202). Of
 * simultaneous requests one queues. Only a new job a seller asks for counts against the client's and the
 * order's label limits (429 beyond).
 */
export async function requestLabel(
  { order, shipment }: OrderShipment,
  now: Date,
  /** The seller's IP; staff (the back office) are not limited. */
  ip?: string,
): Promise<ShipmentView | Reply<ShipmentView>> {
  const busy = shipment?.label_state === 'requested' || shipment?.label_state === 'purchasing';
  if (shipment?.label_state === 'purchased' || (busy && !isStale(shipment, now))) {
    return toShipmentView(order, shipment);
  }
  if (isCancelledStatus(order.status)) throw new AppError('conflict', orderMessages.cancelledNoLabel);
  if (!hasCompleteShippingAddress(order.shipping_address)) {
    throw new AppError('validation', orderMessages.missingShipping);
  }
  const job: LabelJob = {
    jobId: randomUUID(),
    orderId: order.order_id,
    generation: nextGeneration(shipment),
  };
  const noSlot = async () => {};
  const release =
    ip === undefined
      ? noSlot
      : await takeSlots(
          [
            {
              scope: scopeOf('label', 'order', order.order_id),
              max: LABEL_LIMIT_PER_ORDER,
              windowMinutes: LABEL_WINDOW_MINUTES,
            },
            {
              scope: scopeOf('label', 'ip', ip),
              max: LABEL_LIMIT_PER_IP,
              windowMinutes: LABEL_WINDOW_MINUTES,
            },
          ],
          now,
          labelMessages.tooManyLabels,
        );
  const address = order.shipping_address;
  const recorded = await putLabelRequest(
    {
      order_id: order.order_id,
      generation: job.generation,
      job_id: job.jobId,
      name: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
      address: address.address,
      city: address.city,
      state: address.state,
      zip: address.zipCode,
    },
    shipment?.version ?? null,
    now,
  );
  const current = await getOrderWithShipment(order.order_id);
  if (!recorded) {
    // A simultaneous request queued the job: this one made nothing.
    await release();
    return toShipmentView(current.order ?? order, current.shipment);
  }
  try {
    await enqueue(ENV.labelQueueUrl, job);
  } catch (error) {
    log('error', 'label job not queued', { orderId: order.order_id, ...errorDetails(error) });
    await recordFailure(
      order.order_id,
      job,
      { message: labelMessages.failed, configureSettings: false },
      now,
    );
    const failed = await getOrderWithShipment(order.order_id);
    return toShipmentView(failed.order ?? order, failed.shipment);
  }
  return reply(202, toShipmentView(current.order ?? order, current.shipment));
}
