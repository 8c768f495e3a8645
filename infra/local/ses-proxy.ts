/**
 * The local SES endpoint, in front of aws-ses-v2-local (which captures every e-mail), adding what the back
 * office needs of SES that the emulator lacks:
 * - GetEmailIdentity: every sender is verified, except identities marked unverified (`setVerified`);
 * - each SendEmail's configuration set and tags, so a bounce or a complaint of a captured e-mail can be
 *   published exactly as SES publishes it (`sesEvent`).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { forwardRequest, listen, type NodeEnv, parseObject, relay, streamThrough } from './http.js';

export interface SentEmail {
  messageId: string;
  from: string;
  destination: string[];
  subject: string;
  configurationSet?: string;
  tags: Record<string, string[]>;
  timestamp: string;
}

export type SesProblem = 'bounce' | 'complaint';

export interface SesProxy {
  origin: string;
  close(): Promise<void>;
  /** Marks an address or a domain (un)verified for sending. */
  setVerified(identity: string, verified: boolean): void;
  /** The e-mail with this message id, else the latest one to this address. */
  findSent(query: { messageId?: string; to?: string }): SentEmail | undefined;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Kept per run: enough for any test or a day of clicking around. */
const MAX_REMEMBERED = 5000;
/** What a SendEmail request and its answer say about the e-mail. */
export function describeSent(request: Record<string, unknown>, messageId: string, at: Date): SentEmail {
  const destination = (request.Destination ?? {}) as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const simple = ((request.Content as Record<string, unknown> | undefined)?.Simple ?? {}) as Record<
    string,
    unknown
  >;
  const tags: Record<string, string[]> = {};
  for (const tag of Array.isArray(request.EmailTags) ? request.EmailTags : []) {
    const { Name, Value } = tag as { Name?: unknown; Value?: unknown };
    if (typeof Name === 'string' && typeof Value === 'string') tags[Name] = [Value];
  }
  const configurationSet =
    typeof request.ConfigurationSetName === 'string' ? request.ConfigurationSetName : undefined;
  if (configurationSet) tags['ses:configuration-set'] = [configurationSet];
  return {
    messageId,
    from: String(request.FromEmailAddress ?? ''),
    destination: [
      ...list(destination.ToAddresses),
      ...list(destination.CcAddresses),
      ...list(destination.BccAddresses),
    ],
    subject: String((simple.Subject as { Data?: unknown } | undefined)?.Data ?? ''),
    configurationSet,
    tags,
    timestamp: at.toISOString(),
  };
}

/** SES event publishing's Bounce (permanent, user unknown) or Complaint (abuse) event for one e-mail. */
export function sesEvent(kind: SesProblem, email: SentEmail, at = new Date()): Record<string, unknown> {
  const mail = {
    timestamp: email.timestamp,
    source: email.from,
    sendingAccountId: '000000000000',
    messageId: email.messageId,
    destination: email.destination,
    headersTruncated: false,
    tags: email.tags,
    commonHeaders: { from: [email.from], to: email.destination, subject: email.subject },
  };
  const feedbackId = `${randomUUID()}-000000`;
  if (kind === 'bounce') {
    return {
      eventType: 'Bounce',
      mail,
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: email.destination.map((emailAddress) => ({
          emailAddress,
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        })),
        timestamp: at.toISOString(),
        feedbackId,
        reportingMTA: 'dsn; local-ses',
      },
    };
  }
  return {
    eventType: 'Complaint',
    mail,
    complaint: {
      complainedRecipients: email.destination.map((emailAddress) => ({ emailAddress })),
      timestamp: at.toISOString(),
      feedbackId,
      complaintFeedbackType: 'abuse',
    },
  };
}

export async function startSesProxy(options: { port: number; upstream: string }): Promise<SesProxy> {
  const upstream = new URL(options.upstream);
  const unverified = new Set<string>();
  const sent = new Map<string, SentEmail>();

  const isVerified = (identity: string) => {
    const lower = identity.toLowerCase();
    return !unverified.has(lower) && !unverified.has(lower.slice(lower.lastIndexOf('@') + 1));
  };

  const app = new Hono<NodeEnv>();
  app.onError((error, c) => c.json({ message: `aws-ses-v2-local did not answer: ${error.message}` }, 502));
  app.get('/v2/email/identities/:identity', (c) => {
    const name = c.req.param('identity');
    const verified = isVerified(name);
    return c.json({
      IdentityType: name.includes('@') ? 'EMAIL_ADDRESS' : 'DOMAIN',
      FeedbackForwardingStatus: true,
      VerifiedForSendingStatus: verified,
      VerificationStatus: verified ? 'SUCCESS' : 'PENDING',
      DkimAttributes: { SigningEnabled: false, Status: 'NOT_STARTED', Tokens: [] },
      Tags: [],
    });
  });
  app.post(
    '/v2/email/outbound-emails',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'Request too large' }, 413) }),
    async (c) => {
      const body = Buffer.from(await c.req.arrayBuffer());
      const { url = '/', headers } = c.env.incoming;
      const answer = await forwardRequest(upstream, 'POST', url, headers, body);
      const request = parseObject(body);
      const messageId = answer.status === 200 ? parseObject(answer.body)?.MessageId : undefined;
      if (request && typeof messageId === 'string') {
        sent.set(messageId, describeSent(request, messageId, new Date()));
        if (sent.size > MAX_REMEMBERED) sent.delete(sent.keys().next().value as string);
      }
      return relay(answer);
    },
  );
  app.all('*', (c) => streamThrough(c, upstream));
  const listening = await listen(app, { port: options.port, name: 'SES' });

  return {
    ...listening,
    setVerified(identity, verified) {
      if (verified) unverified.delete(identity.toLowerCase());
      else unverified.add(identity.toLowerCase());
    },
    findSent({ messageId, to }) {
      if (messageId) return sent.get(messageId);
      if (!to) return undefined;
      const wanted = to.toLowerCase();
      return [...sent.values()].reverse().find((e) => e.destination.some((d) => d.toLowerCase() === wanted));
    },
  };
}
