import { describe, expect, jest, test } from '@jest/globals';
import { authMessages } from '@shared/messages';
import type { ConfirmSignInInput, ConfirmSignInOutput, SignInOutput } from 'aws-amplify/auth';
import { confirmTotpCode, nextView, TOTP_ISSUER_FALLBACK } from './sign-in-steps';

// Amplify's signIn/confirmSignIn answers, as its types describe them: the point is how the page reacts to each.
const step = (nextStep: object): SignInOutput => ({ isSignedIn: false, nextStep }) as SignInOutput;
const signedIn: ConfirmSignInOutput = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const totpSetup = step({
  signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  totpSetupDetails: {
    sharedSecret: SECRET,
    getSetupUri: (appName: string, accountName?: string) =>
      new URL(`otpauth://totp/${appName}:${accountName}?secret=${SECRET}&issuer=${appName}`),
  },
});

function context(answers: Array<ConfirmSignInOutput | Error> = []) {
  const confirmSignIn = jest.fn(async (_input: ConfirmSignInInput): Promise<ConfirmSignInOutput> => {
    const next = answers.shift();
    if (!next) throw new Error('confirmSignIn called once too often');
    if (next instanceof Error) throw next;
    return next;
  });
  return { email: 'staff@example.com', issuer: 'StripBuyback', confirmSignIn };
}

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('nextView: Amplify v6 next steps', () => {
  test('signed in', async () => {
    expect(await nextView(signedIn, context())).toEqual({ kind: 'signedIn' });
  });

  test('a first sign-in asks for a new password', async () => {
    const view = await nextView(
      step({ signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' }),
      context(),
    );
    expect(view).toEqual({ kind: 'newPassword' });
  });

  test('TOTP set-up: the otpauth URI names the site and the staff e-mail, and the secret is kept for typing in', async () => {
    const view = await nextView(totpSetup, context());
    expect(view).toEqual({
      kind: 'totpSetup',
      secret: SECRET,
      setupUri: `otpauth://totp/StripBuyback:staff@example.com?secret=${SECRET}&issuer=StripBuyback`,
    });
  });

  test('TOTP set-up without a site name uses the product name as the issuer', async () => {
    const view = await nextView(totpSetup, { ...context(), issuer: '  ' });
    expect(view.kind === 'totpSetup' && view.setupUri).toContain(`otpauth://totp/${TOTP_ISSUER_FALLBACK}:`);
  });

  test('a TOTP code is asked for at each later sign-in', async () => {
    expect(await nextView(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }), context())).toEqual({
      kind: 'totpCode',
    });
  });

  test('a choice of second factor is answered with TOTP, and its next step followed', async () => {
    const ctx = context([step({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }) as ConfirmSignInOutput]);
    const view = await nextView(
      step({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP'] }),
      ctx,
    );
    expect(ctx.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'TOTP' });
    expect(view).toEqual({ kind: 'totpCode' });
  });

  test.each([
    { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' },
    { signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE' },
    { signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' },
    { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
    { signInStep: 'RESET_PASSWORD' },
    { signInStep: 'CONFIRM_SIGN_UP' },
    { signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['EMAIL'] },
  ])('any other step ($signInStep) gets a clear message, nothing is sent', async (next) => {
    const ctx = context();
    expect(await nextView(step(next), ctx)).toEqual({
      kind: 'unsupported',
      message: authMessages.unsupportedStep,
    });
    expect(ctx.confirmSignIn).not.toHaveBeenCalled();
  });
});

describe('confirmTotpCode', () => {
  test('the code goes to confirmSignIn; a right code signs in', async () => {
    const ctx = context([signedIn]);
    expect(await confirmTotpCode('123456', ctx)).toEqual({ view: { kind: 'signedIn' } });
    expect(ctx.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  test.each([
    ['setting up', cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch')],
    ['signing in', cognitoError('CodeMismatchException', 'Invalid code received for user')],
  ])('a wrong code while %s gets the wrong-code message', async (_when, error) => {
    expect(await confirmTotpCode('000000', context([error]))).toEqual({
      failure: authMessages.totpWrongCode,
    });
  });

  test("any other failure shows Cognito's message (e.g. the session expired)", async () => {
    const expired = cognitoError(
      'NotAuthorizedException',
      'Invalid session for the user, session is expired.',
    );
    expect(await confirmTotpCode('123456', context([expired]))).toEqual({
      failure: 'Invalid session for the user, session is expired.',
    });
  });
});
