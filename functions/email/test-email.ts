import { randomUUID } from 'node:crypto';
import { adminEmailMessages as m } from '../../shared/messages.js';
import type { SendTestEmailResponse } from '../../shared/schemas/admin-email.js';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { errorDetails, log } from '../lib/log.js';
import { toPublicSettings } from '../settings/public-settings.js';
import { getStoredSettings } from '../settings/settings-repository.js';
import { deliverEmail } from './deliver.js';
import { recordFailed } from './email-log-repository.js';
import { requireSendable } from './email-settings.js';
import { readEmailSettings } from './stored-email-settings.js';
import { escapeHtml, layout } from './templates.js';

/**
 * Sends a test e-mail now (not through the queue: staff wait for SES's answer), after the spec's
 * preconditions; it is logged like any other, so Recent Emails shows it.
 */
export async function sendTestEmail(to: string, now: Clock): Promise<SendTestEmailResponse> {
  const record = await getStoredSettings(true);
  const settings = await requireSendable(readEmailSettings(record));
  const site = toPublicSettings(record).site_name;
  const job = {
    jobId: randomUUID(),
    to,
    subject: `Test email from ${site}`.replace(/[\r\n]+/g, ' '),
    html: layout(
      `<h1 style="font-size:20px">${escapeHtml(m.testSent)}</h1><p>This test was sent from the back office of ${escapeHtml(site)} by Amazon SES, from ${escapeHtml(settings.fromEmail)}.</p>`,
    ).replace('{{site_name}}', escapeHtml(site)),
    text: `${m.testSent}\n\nThis test was sent from the back office of ${site} by Amazon SES, from ${settings.fromEmail}.`,
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
