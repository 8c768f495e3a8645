import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import type { AuthConfig } from '../../shared/schemas/auth';
import { createUserWithTemporaryPassword } from '../support/cognito';
import { api, stack } from '../support/stack';

// The back office's own sign-in library, configured from GET /api/auth/config as the web app configures it.
const targets: string[] = [];
const realFetch = globalThis.fetch;

/** The sign-in configuration, read as the web app reads it (its flow included). */
let config: AuthConfig;

beforeAll(async () => {
  config = (await api<AuthConfig>('/api/auth/config')).body;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: config.userPoolEndpoint ?? undefined,
        loginWith: { email: true },
      },
    },
  });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const target = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
      'x-amz-target',
    );
    if (target) targets.push(target.split('.').pop() ?? target);
    return realFetch(input, init);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(async () => {
  await signOut().catch(() => {});
  targets.length = 0;
});

const session = (idToken: string) =>
  api('/api/admin/session', { headers: { authorization: `Bearer ${idToken}` } });

describe('Amplify v6 against the local Cognito endpoint', () => {
  it('signs in with the flow the configuration names (locally USER_PASSWORD_AUTH) and refreshes with GetTokensFromRefreshToken', async () => {
    const result = await signIn({
      username: stack().admin.email,
      password: stack().admin.password,
      options: { authFlowType: config.signInFlow },
    });
    expect(result.isSignedIn).toBe(true);
    const first = await fetchAuthSession();
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    expect(targets).toContain('GetTokensFromRefreshToken');
    const idToken = refreshed.tokens?.idToken?.toString() ?? '';
    expect(idToken).not.toBe(first.tokens?.idToken?.toString());
    expect((await session(idToken)).status).toBe(200);
  });

  it('takes a new user through the new-password step', async () => {
    const email = `amplify-${Date.now()}@stripbuyback.test`;
    await createUserWithTemporaryPassword(email, 'Temp#Pass1');
    const first = await signIn({
      username: email,
      password: 'Temp#Pass1',
      options: { authFlowType: config.signInFlow },
    });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const done = await confirmSignIn({ challengeResponse: 'Chosen#Pass2' });
    expect(done.isSignedIn).toBe(true);
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload.email).toBe(email);
  });
});
