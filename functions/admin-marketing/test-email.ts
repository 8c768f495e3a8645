import { randomUUID } from 'node:crypto';
import { adminEmailMessages as m } from '../../shared/messages.js';
import type { SendTestEmailResponse } from '../../shared/schemas/admin-email.js';
import type { Clock } from '../lib/clock.js';
import { deliverEmail } from '../lib/email/deliver.js';
import { recordFailed } from '../lib/email/email-log-repository.js';
import { requireSendable } from '../lib/email/email-settings.js';
import { readEmailSettings } from '../lib/email/stored-email-settings.js';
import { layout, type RenderedEmail, renderTemplate } from '../lib/email/templates.js';
import { AppError } from '../lib/errors.js';
import { errorDetails, log } from '../lib/log.js';
import { toPublicSettings } from '../lib/settings/public-settings.js';
import { getStoredSettings } from '../lib/settings/settings-repository.js';

/** Rendered like every other e-mail, so the site name and sender are escaped by the one mechanism. */
const TEST_EMAIL: RenderedEmail = {
  subject: 'Test email from {{site_name}}',
  html: layout(
    '<h1 style="font-size:20px">{{sent}}</h1><p>This test was sent from the back office of {{site_name}} by Amazon SES, from {{from}}.</p>',
  ),
  text: '{{sent}}\n\nThis test was sent from the back office of {{site_name}} by Amazon SES, from {{from}}.',
};

/**
 * Sends a test e-mail now (not through the queue: staff wait for SES's answer), after the spec's
 * preconditions; it is logged like any other, so Recent Emails shows it.
 */
export async function sendTestEmail(to: string, now: Clock): Promise<SendTestEmailResponse> {
  const record = await getStoredSettings(true);
  const settings = await requireSendable(readEmailSettings(record));
  const job = {
    jobId: randomUUID(),
    to,
    ...renderTemplate(TEST_EMAIL, {
      site_name: toPublicSettings(record).site_name,
      sent: m.testSent,
      from: settings.fromEmail,
    }),
  };
  try {
    const messageId = await deliverEmail(job, settings, now);
    return { message: m.testSent, messageId };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log('warn', 'test e-mail not sent', { to, ...errorDetails(error) });
    await recordFailed(
      job.jobId,
      { to, subject: job.subject, error: reason, attempts: 1, deadLettered: false },
      now(),
    );
    throw new AppError('unavailable', `${m.testFailed}: ${reason}`);
  }
}
