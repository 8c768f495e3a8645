import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ENV } from '../../shared/runtime-env.js';
import { ZEmailJob } from '../../shared/schemas/jobs.js';
import { requireEnv } from '../lib/env.js';
import { log } from '../lib/log.js';
import { sqsWorker } from '../lib/sqs-worker.js';
import { recordFailed, recordOnOrder, recordSent, wasSent } from './email-log-repository.js';

const ses = new SESv2Client({});

/** Sends one rendered e-mail per job through SES. Redelivered jobs that were already sent are skipped. */
export const handler = sqsWorker({
  name: 'email',
  schema: ZEmailJob,
  async process(job) {
    if (await wasSent(job.jobId)) {
      log('info', 'email job already sent, skipping', { jobId: job.jobId });
      return;
    }
    const result = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: requireEnv(ENV.emailFrom),
        Destination: { ToAddresses: [job.to] },
        ReplyToAddresses: job.replyTo ? [job.replyTo] : undefined,
        Content: {
          Simple: {
            Subject: { Data: job.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: job.html, Charset: 'UTF-8' }, Text: { Data: job.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    await recordSent(job, result.MessageId ?? '');
    if (job.ref?.kind === 'order') await recordOnOrder(job.ref.id, { status: 'sent' });
  },
  async onFailure(job, reason, ctx) {
    await recordFailed(job?.jobId ?? `message-${ctx.messageId}`, {
      to: job?.to,
      subject: job?.subject,
      error: reason,
      attempts: ctx.receiveCount,
      deadLettered: ctx.lastAttempt,
    });
    // Only the final failure marks the order: earlier ones are retried and may still succeed.
    if (ctx.lastAttempt && job?.ref?.kind === 'order') {
      await recordOnOrder(job.ref.id, { status: 'failed', error: reason });
    }
  },
});
