import { adminEmailMessages as m } from '../../../shared/messages.js';
import { ZEmailJob } from '../../../shared/schemas/jobs.js';
import { systemClock } from '../../lib/clock.js';
import { deliverEmail } from '../../lib/email/deliver.js';
import { recordFailed, recordOnOrder, recordSkipped, wasSent } from '../../lib/email/email-log-repository.js';
import { loadEmailSettings } from '../../lib/email/email-settings.js';
import { log } from '../../lib/log.js';
import { countMessage } from '../../lib/message-stats.js';
import { sqsWorker } from '../../lib/sqs-worker.js';

/**
 * Sends one rendered e-mail per job through SES, from the sender of the back office's e-mail settings.
 * Redelivered jobs that were already sent are skipped; while e-mail is switched off (or has no sender) a job is
 * logged as skipped with the reason, and its order shows it, instead of being sent.
 */
export const handler = sqsWorker({
  name: 'email',
  schema: ZEmailJob,
  async process(job) {
    if (await wasSent(job.jobId)) {
      log('info', 'email job already sent, skipping', { jobId: job.jobId });
      return;
    }
    const settings = await loadEmailSettings();
    const reason = !settings.isEnabled ? m.orderEmailSkipped : !settings.fromEmail ? m.fromMissing : null;
    if (reason) {
      const now = systemClock();
      if (await recordSkipped(job, reason, now))
        log('info', 'email job skipped', { jobId: job.jobId, reason });
      if (job.ref?.kind === 'order')
        await recordOnOrder(job.ref.id, { status: 'skipped', error: reason }, now);
      return;
    }
    await deliverEmail(job, settings, systemClock);
  },
  async onFailure(job, reason, ctx) {
    const now = systemClock();
    const written = await recordFailed(
      job?.jobId ?? `message-${ctx.messageId}`,
      {
        to: job?.to,
        subject: job?.subject,
        error: reason,
        attempts: ctx.receiveCount,
        deadLettered: ctx.lastAttempt,
      },
      now,
    );
    // Only the final failure counts and marks the order: earlier ones are retried and may still succeed.
    if (ctx.lastAttempt && written) await countMessage('email_failed', now);
    if (ctx.lastAttempt && job?.ref?.kind === 'order') {
      await recordOnOrder(job.ref.id, { status: 'failed', error: reason }, now);
    }
  },
});
