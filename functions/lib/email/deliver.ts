import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import * as ENV from '../../../shared/env-vars.js';
import type { EmailJob } from '../../../shared/schemas/jobs.js';
import { countMessage } from '../message-stats.js';
import { recordOnOrder, recordSent } from './email-log-repository.js';
import { ses } from './ses.js';
import type { StoredEmailSettings } from './stored-email-settings.js';

/** SES message tags carry the job (and the order) into bounce and complaint events: letters, digits, _ and -. */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 256);

/**
 * Sends one rendered e-mail through SES from the configured sender, through the stage's configuration set so
 * bounces and complaints come back (ses-events), then records it as sent, counts it once, and marks its order.
 */
export async function deliverEmail(
  job: EmailJob,
  settings: StoredEmailSettings,
  now: () => Date,
): Promise<string> {
  const replyTo = job.replyTo ?? settings.replyTo ?? undefined;
  const configurationSet = process.env[ENV.sesConfigurationSet];
  const result = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: settings.fromEmail,
      Destination: { ToAddresses: [job.to] },
      ReplyToAddresses: replyTo ? [replyTo] : undefined,
      ConfigurationSetName: configurationSet || undefined,
      EmailTags: [
        { Name: 'job_id', Value: tagValue(job.jobId) },
        ...(job.ref ? [{ Name: `${job.ref.kind}_id`, Value: tagValue(job.ref.id) }] : []),
      ],
      Content: {
        Simple: {
          Subject: { Data: job.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: job.html, Charset: 'UTF-8' }, Text: { Data: job.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  const messageId = result.MessageId ?? '';
  const at = now();
  if (await recordSent(job, messageId, at)) await countMessage('email_sent', at);
  if (job.ref?.kind === 'order') await recordOnOrder(job.ref.id, { status: 'sent' }, at);
  return messageId;
}
