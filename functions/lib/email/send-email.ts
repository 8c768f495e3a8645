import { randomUUID } from 'node:crypto';
import * as ENV from '../../../shared/env-vars.js';
import type { EmailJob } from '../../../shared/schemas/jobs.js';
import { errorDetails, log } from '../log.js';
import { enqueue } from '../queue.js';
import { type EmailTemplate, getTemplate, renderTemplate } from './templates.js';

/**
 * Renders a template and puts the e-mail on the email-jobs queue. Never throws: an e-mail must not fail the
 * request that caused it; the failure is logged and returned for the caller to carry along.
 */
export async function queueTemplatedEmail(options: {
  template: EmailTemplate;
  to: string;
  vars: Record<string, string>;
  ref?: EmailJob['ref'];
  replyTo?: string;
  /** The template was already looked up (findTemplate): render it as it is. */
  resolved?: boolean;
}): Promise<{ queued: true } | { queued: false; error: string }> {
  try {
    const rendered = renderTemplate(
      options.resolved ? options.template : await getTemplate(options.template),
      options.vars,
    );
    const job: EmailJob = {
      jobId: randomUUID(),
      to: options.to,
      ...rendered,
      ref: options.ref,
      replyTo: options.replyTo,
    };
    await enqueue(ENV.emailQueueUrl, job);
    return { queued: true };
  } catch (error) {
    log('error', 'could not queue e-mail', {
      template: options.template,
      ref: options.ref,
      ...errorDetails(error),
    });
    return { queued: false, error: error instanceof Error ? error.message : String(error) };
  }
}
