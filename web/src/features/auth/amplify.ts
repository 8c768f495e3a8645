/**
 * The parts of Amplify the back office uses, in a chunk of their own that loads on first use (auth-config.ts's
 * `configuredAmplify`): a sign-in page or an admin page renders without waiting for the library to download and
 * run. A visitor with no stored session sees the sign-in form, and one whose stored token is still valid sees the
 * back office, without it; it loads to sign in or out, or to refresh an expired token (auth-session.ts).
 */
export { Amplify } from 'aws-amplify';
export { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
