import { type SesEvent, ZSesEvent, ZSnsEvent } from '../../../shared/schemas/ses-events.js';
import { systemClock } from '../../lib/clock.js';
import { recordDeliveryProblem, recordOnOrder } from '../../lib/email/email-log-repository.js';
import { log } from '../../lib/log.js';
import { countMessage } from '../../lib/message-stats.js';

type Problem = { outcome: 'bounced' | 'complained'; reason: string };

/** The log's outcome and a reason staff can read, or null for an event that is neither. */
export function problemOf(event: SesEvent): Problem | null {
  const type = event.eventType ?? event.notificationType;
  if (type === 'Bounce' && event.bounce) {
    const { bounceType, bounceSubType, bouncedRecipients } = event.bounce;
    const detail = bouncedRecipients
      .map((r) => (r.diagnosticCode ? `${r.emailAddress} (${r.diagnosticCode})` : r.emailAddress))
      .join(', ');
    const kind = bounceSubType ? `${bounceType}/${bounceSubType}` : bounceType;
    return { outcome: 'bounced', reason: `Bounced (${kind}): ${detail}` };
  }
  if (type === 'Complaint' && event.complaint) {
    const { complainedRecipients, complaintFeedbackType } = event.complaint;
    const who = complainedRecipients.map((r) => r.emailAddress).join(', ');
    return {
      outcome: 'complained',
      reason: `Marked as spam${complaintFeedbackType ? ` (${complaintFeedbackType})` : ''} by ${who}`,
    };
  }
  return null;
}

const parseMessage = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * SES bounce and complaint events from the email-events topic: the e-mail's log entry (found by the job id
 * tag every SendEmail carries) moves to bounced or complained once, the day's counter counts it, and an order
 * e-mail's order shows it. Malformed or foreign events are logged and dropped (a retry would not change them);
 * a table failure throws, so Lambda retries the delivery.
 */
export async function handler(input: unknown): Promise<{ applied: number }> {
  const records = ZSnsEvent.safeParse(input);
  if (!records.success) {
    log('warn', 'not an SNS event: dropped', { issues: records.error.issues.length });
    return { applied: 0 };
  }
  let applied = 0;
  for (const record of records.data.Records) {
    const parsed = ZSesEvent.safeParse(parseMessage(record.Sns.Message));
    const problem = parsed.success ? problemOf(parsed.data) : null;
    const jobId = parsed.success ? parsed.data.mail.tags?.job_id?.[0] : undefined;
    if (!parsed.success || !problem || !jobId) {
      log('warn', 'SES event not applied', { snsMessageId: record.Sns.MessageId, parsed: parsed.success });
      continue;
    }
    const now = systemClock();
    const moved = await recordDeliveryProblem(jobId, problem.outcome, problem.reason, now);
    if (!moved) continue;
    applied++;
    await countMessage(problem.outcome === 'bounced' ? 'email_bounced' : 'email_complained', moved.sentAt);
    if (moved.ref?.kind === 'order') {
      await recordOnOrder(moved.ref.id, { status: problem.outcome, error: problem.reason }, now);
    }
  }
  return { applied };
}
