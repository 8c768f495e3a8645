import { ZSmsJob } from '../../../shared/schemas/jobs.js';
import { getMessage } from '../../lib/sms/sms-repository.js';
import { sqsWorker } from '../../lib/sqs-worker.js';
import { fail, processSmsJob } from '../send-job.js';

export const handler = sqsWorker({
  name: 'sms',
  schema: ZSmsJob,
  process: processSmsJob,
  async onFailure(job, reason, ctx) {
    // Only an unexpected error reaches here (Twilio's own are handled above): the last delivery records it.
    if (!job || !ctx.lastAttempt) return;
    const record = await getMessage(job.messageId);
    if (!record || record.sid) return;
    if (record.status === 'queued' || record.status === 'sending') {
      await fail(job, record.created_at, record.status, reason);
    }
  },
});
