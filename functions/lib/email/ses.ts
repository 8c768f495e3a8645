import { GetEmailIdentityCommand, NotFoundException, SESv2Client } from '@aws-sdk/client-sesv2';
import { adminEmailMessages as m } from '../../../shared/messages.js';
import type { EmailSenderCheck } from '../../../shared/schemas/admin-email.js';
import { errorDetails, log } from '../log.js';

/** One SES client per Lambda instance (the endpoint comes from AWS_ENDPOINT_URL_SESV2 locally). */
export const ses = new SESv2Client({});

/** Verified for sending, not verified, or absent (null) in this account and region. */
async function identityVerified(identity: string): Promise<boolean | null> {
  try {
    const answer = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
    return answer.VerifiedForSendingStatus === true;
  } catch (error) {
    if (error instanceof NotFoundException || (error as { name?: string }).name === 'NotFoundException')
      return null;
    throw error;
  }
}

/**
 * SES sends from an address when the address itself or its domain is a verified identity (the SES equivalent
 * of the spec's provider API key). A failure to ask is `unknown`, never taken for verified.
 */
export async function checkSender(from: string): Promise<EmailSenderCheck> {
  if (!from) return { status: 'unverified', message: m.fromMissing };
  try {
    const address = await identityVerified(from);
    const verified = address === true || (await identityVerified(from.slice(from.lastIndexOf('@') + 1)));
    return verified ? { status: 'verified' } : { status: 'unverified', message: m.senderNotVerified(from) };
  } catch (error) {
    log('warn', 'could not check the sender identity', { from, ...errorDetails(error) });
    return { status: 'unknown', message: m.senderUnverifiable };
  }
}
