import * as z from 'zod/mini';
import { authMessages } from '../messages.js';

/**
 * What the back office needs to sign staff in, read at run time (GET /api/auth/config) so one web build serves
 * every stage: the user pool and its app client, locally the endpoint of the Cognito emulator, and the
 * breach-range service the sign-in form asks about the password (only a 5-character hash prefix leaves the
 * browser).
 */
/**
 * How the sign-in page proves the password: SRP in every deployed stage (the password never leaves the
 * browser); the plain-password flow only where the local Cognito emulator, which has no SRP, needs it.
 */
export const SIGN_IN_FLOWS = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'] as const;
export const ZSignInFlow = z.enum(SIGN_IN_FLOWS);
export type SignInFlow = z.infer<typeof ZSignInFlow>;

export const ZAuthConfig = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Unset in AWS; locally the runner's Cognito endpoint (which also answers GetTokensFromRefreshToken). */
  userPoolEndpoint: z.nullable(z.string()),
  /** The range API's base; the browser appends the 5 hex characters: `${breachRangeUrl}${prefix}`. */
  breachRangeUrl: z.string(),
  signInFlow: ZSignInFlow,
});
export type AuthConfig = z.infer<typeof ZAuthConfig>;

const m = authMessages;

/** Spec 001 §5: at least 8 characters with an upper-case letter, a lower-case letter, a number and a symbol. */
export const ZStaffPassword = z
  .string(m.passwordMin)
  .check(
    z.minLength(8, m.passwordMin),
    z.regex(/[A-Z]/, m.passwordUpper),
    z.regex(/[a-z]/, m.passwordLower),
    z.regex(/[0-9]/, m.passwordNumber),
    z.regex(/[^A-Za-z0-9]/, m.passwordSpecial),
  );

/** The sign-in form (spec 001 §5): e-mail required and valid, password by the staff password rules. */
export const ZLoginForm = z.object({
  email: z
    .string(m.emailRequired)
    .check(
      z.trim(),
      z.minLength(1, m.emailRequired),
      z.email(m.emailInvalid),
      z.maxLength(254, m.emailInvalid),
    ),
  password: ZStaffPassword,
});
export type LoginForm = z.infer<typeof ZLoginForm>;

/** First sign-in of a user staff created: Cognito asks for a new password (NEW_PASSWORD_REQUIRED). */
export const ZNewPasswordForm = z
  .object({ password: ZStaffPassword, confirm: z.string(m.passwordsDiffer) })
  .check(z.refine((v) => v.password === v.confirm, { message: m.passwordsDiffer, path: ['confirm'] }));
export type NewPasswordForm = z.infer<typeof ZNewPasswordForm>;

/** A code from an authenticator app (TOTP MFA): 6 digits; spaces a person types between groups are ignored. */
export const ZTotpCodeForm = z.object({
  code: z.string(m.totpCodeRequired).check(
    z.overwrite((v) => v.replace(/\s+/g, '')),
    z.minLength(1, m.totpCodeRequired),
    z.regex(/^\d{6}$/, m.totpCodeFormat),
  ),
});
export type TotpCodeForm = z.infer<typeof ZTotpCodeForm>;
