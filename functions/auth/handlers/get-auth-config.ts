import * as ENV from '../../../shared/env-vars.js';
import { getAuthConfig as route } from '../../../shared/routes/get-auth-config.js';
import { ZSignInFlow } from '../../../shared/schemas/auth.js';
import { requireEnv } from '../../lib/env.js';
import { httpRoute, reply } from '../../lib/http.js';

function region(): string {
  // Lambda always sets AWS_REGION; without it the browser would sign in against the wrong pool.
  const value = process.env.AWS_REGION;
  if (!value) throw new Error('Missing environment variable AWS_REGION');
  return value;
}

/**
 * The login page reads this before anyone is signed in. The values change only with a deployment, so a short
 * public cache spares a Lambda call per page view without keeping a stale pool id around for long.
 */
export const handler = httpRoute(route, async () =>
  reply(
    200,
    {
      region: region(),
      userPoolId: requireEnv(ENV.userPoolId),
      userPoolClientId: requireEnv(ENV.userPoolClientId),
      // Unset in AWS, where Amplify derives the endpoint from the region; locally the runner's Cognito.
      userPoolEndpoint: process.env[ENV.cognitoEndpoint] || null,
      breachRangeUrl: requireEnv(ENV.breachRangeUrl),
      signInFlow: ZSignInFlow.parse(requireEnv(ENV.signInFlow)),
    },
    { 'cache-control': 'public, max-age=300' },
  ),
);
