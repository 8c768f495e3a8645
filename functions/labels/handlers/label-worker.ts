import { labelMessages } from '../../../shared/messages.js';
import { LABEL_FAILURES_METRIC } from '../../../shared/runtime-env.js';
import { ZLabelJob } from '../../../shared/schemas/shipment.js';
import { systemClock } from '../../lib/clock.js';
import { countMetric } from '../../lib/log.js';
import { sqsWorker } from '../../lib/sqs-worker.js';
import { purchaseLabel } from '../label-purchase.js';
import { getShipment, recordFailure, recordQrFailure } from '../shipment-repository.js';
import { LabelFailure } from '../shipping-config.js';

/**
 * Makes one order's prepaid label per job (label-jobs queue). Permanent failures are recorded at once; others
 * are retried with backoff and, after the last delivery, recorded before the message goes to the DLQ.
 */
export const handler = sqsWorker({
  name: 'label',
  schema: ZLabelJob,
  process: (job) => purchaseLabel(job, systemClock),
  async onFailure(job, reason, ctx, error) {
    if (!job || !ctx.lastAttempt) return;
    const now = systemClock();
    const shipment = await getShipment(job.orderId);
    // The label was bought and only its QR code failed: the label stays usable, the QR page can ask again.
    if (shipment?.label_state === 'purchased' && shipment.generation === job.generation) {
      await recordQrFailure(job.orderId, job.generation, reason, now);
      return;
    }
    const failure =
      error instanceof LabelFailure
        ? { message: error.message, configureSettings: error.configureSettings }
        : { message: `${labelMessages.failed}: ${reason}`, configureSettings: false };
    await recordFailure(job.orderId, job, failure, now);
    // The alarm on this metric is what tells staff that labels fail for everyone (e.g. no EasyPost key).
    countMetric(LABEL_FAILURES_METRIC);
  },
});
