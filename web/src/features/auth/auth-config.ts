import { getAuthConfig } from '@shared/routes/get-auth-config';
import type { AuthConfig } from '@shared/schemas/auth';
import { Amplify } from 'aws-amplify';
import { apiRequest } from '../../lib/api-client';

let configured: Promise<AuthConfig> | null = null;

/**
 * Reads the sign-in configuration from the API (one web build serves every stage) and configures Amplify with
 * it, once per page load. A failed read is forgotten so the next attempt asks again.
 */
export function configureAuth(): Promise<AuthConfig> {
  configured ??= apiRequest(getAuthConfig).then(
    (config) => {
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
