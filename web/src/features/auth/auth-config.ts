import { getAuthConfig } from '@shared/routes/get-auth-config';
import { apiRequest } from '../../lib/api-client';
import { onceUntilFailure } from '../../lib/once';

/**
 * The sign-in configuration from the API (one web build serves every stage), read once per page load; a failed
 * read is forgotten so the next attempt asks again.
 */
export const readAuthConfig = onceUntilFailure(() => apiRequest(getAuthConfig));

/**
 * Amplify (web/src/features/auth/amplify.ts), downloaded on first use and configured from the sign-in
 * configuration, once per page load. Use it through auth-session.ts's `amplify()`, which also follows its events.
 */
export const configuredAmplify = onceUntilFailure(async () => {
  const [config, amplify] = await Promise.all([readAuthConfig(), import('./amplify')]);
  amplify.Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // Only the local stack sets it: its Cognito emulator instead of AWS's regional endpoint.
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  return amplify;
});
