import { getAuthConfig } from '@shared/routes/get-auth-config';
import type { AuthConfig } from '@shared/schemas/auth';
import { apiRequest } from '../../lib/api-client';

/** Amplify, downloaded and run the first time something needs it. */
export const loadAmplify = () => import('./amplify');

let config: Promise<AuthConfig> | null = null;
let configured: Promise<AuthConfig> | null = null;

/**
 * Reads the sign-in configuration from the API (one web build serves every stage), once per page load. A failed
 * read is forgotten so the next attempt asks again.
 */
export function readAuthConfig(): Promise<AuthConfig> {
  config ??= apiRequest(getAuthConfig).catch((error: unknown) => {
    config = null;
    throw error;
  });
  return config;
}

/** The configuration, with Amplify loaded and configured from it, once per page load. */
export function configureAuth(): Promise<AuthConfig> {
  configured ??= Promise.all([readAuthConfig(), loadAmplify()]).then(
    ([config, { Amplify }]) => {
      Amplify.configure({
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
      return config;
    },
    (error: unknown) => {
      configured = null;
      throw error;
    },
  );
  return configured;
}
