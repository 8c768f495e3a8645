import { authMessages } from '@shared/messages';
import type { ConfirmSignInInput, ConfirmSignInOutput, SignInOutput } from 'aws-amplify/auth';

/** What the sign-in page shows next, from Amplify's answer to signIn or confirmSignIn. */
export type SignInView =
  | { kind: 'signedIn' }
  | { kind: 'newPassword' }
  /** MFA is required and not set up yet: the authenticator app is added from `setupUri` (or `secret`). */
  | { kind: 'totpSetup'; secret: string; setupUri: string }
  | { kind: 'totpCode' }
  | { kind: 'unsupported'; message: string };

type ConfirmSignIn = (input: ConfirmSignInInput) => Promise<ConfirmSignInOutput>;

/** The name the authenticator app shows above the account's codes. */
export const TOTP_ISSUER_FALLBACK = 'StripBuyback';

/**
 * Maps Amplify v6's `nextStep` to a view. A choice of second factor (offered only when several are enabled) is
 * answered with TOTP, the one this back office supports; any step it does not offer gets a clear message.
 */
export async function nextView(
  result: SignInOutput | ConfirmSignInOutput,
  context: { email: string; issuer: string; confirmSignIn: ConfirmSignIn },
): Promise<SignInView> {
  if (result.isSignedIn) return { kind: 'signedIn' };
  const step = result.nextStep;
  switch (step.signInStep) {
    case 'DONE':
      return { kind: 'signedIn' };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { kind: 'newPassword' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const issuer = context.issuer.trim() || TOTP_ISSUER_FALLBACK;
      return {
        kind: 'totpSetup',
        secret: step.totpSetupDetails.sharedSecret,
        setupUri: step.totpSetupDetails.getSetupUri(issuer, context.email).toString(),
      };
    }
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { kind: 'totpCode' };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      if (step.allowedMFATypes?.includes('TOTP')) {
        return nextView(await context.confirmSignIn({ challengeResponse: 'TOTP' }), context);
      }
      return { kind: 'unsupported', message: authMessages.unsupportedStep };
    default:
      return { kind: 'unsupported', message: authMessages.unsupportedStep };
  }
}

/**
 * Cognito's answers to a code that does not match: verifying a new authenticator (EnableSoftwareTokenMFA...,
 * 'Code mismatch') or signing in with one (CodeMismatchException). Only these get the spec-toned message; the
 * local emulator has no MFA, so there is no local wording to differ from.
 */
const WRONG_CODE = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException']);

/** The message for a failed code: the wrong-code message, else Cognito's own (e.g. an expired session). */
export function totpFailureMessage(error: unknown): string {
  if (error instanceof Error && WRONG_CODE.has(error.name)) return authMessages.totpWrongCode;
  if (error instanceof Error) return error.message.trim() || authMessages.signInFailed;
  return authMessages.unexpected;
}

/** Sends an authenticator code (setting TOTP up, or signing in with it): the next view, or what went wrong. */
export async function confirmTotpCode(
  code: string,
  context: { email: string; issuer: string; confirmSignIn: ConfirmSignIn },
): Promise<{ view: SignInView } | { failure: string }> {
  let result: ConfirmSignInOutput;
  try {
    result = await context.confirmSignIn({ challengeResponse: code });
  } catch (error) {
    return { failure: totpFailureMessage(error) };
  }
  return { view: await nextView(result, context) };
}
