/**
 * The parts of Amplify the back office uses, in a chunk of their own that loads on first use (auth-config.ts's
 * `configuredAmplify`): a sign-in page or an admin page renders, and a visitor with no stored session sees the
 * sign-in form, without waiting for the library to download and run.
 */
export { Amplify } from 'aws-amplify';
export { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
