import { setAdminSessionLostHandler, setAdminTokenProvider } from '../../lib/api-client';
import { type AuthState, type AuthStatus, authState, setAuthState } from '../../lib/auth-state';
import { onceUntilFailure } from '../../lib/once';
import { queryClient } from '../../lib/query-client';
import { AMPLIFY_STORAGE_PREFIX, hasStoredSession } from '../../lib/stored-session';
import { configuredAmplify, readAuthConfig } from './auth-config';
import { dismissBreachNotice } from './breach-notice';
import { storedIdToken } from './stored-tokens';

/** Bumped on every change, so a check that started before a sign-in or sign-out cannot undo it. */
let generation = 0;

function setState(next: AuthState): void {
  setAuthState(next, () => {
    generation += 1;
    if (next.status === 'signedOut') forgetStaffData();
  });
}

/** Another person may sign in next on this browser: nothing the last one loaded stays behind. */
function forgetStaffData(): void {
  queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('admin') });
  dismissBreachNotice();
}

/**
 * The sign-in configuration could not be read (or, with a session stored, the library that reads it could not
 * download): nobody can tell whether a session exists.
 */
class AuthConfigUnavailable extends Error {}

const unavailable = (error: unknown): never => {
  throw new AuthConfigUnavailable(error instanceof Error ? error.message : String(error));
};

let watching = false;

/**
 * Amplify, downloaded on first use and configured, with this module following its auth events from the moment
 * it runs. Every Amplify call of the back office goes through here.
 */
export const amplify = onceUntilFailure(async () => {
  const module = await configuredAmplify();
  module.Hub.listen('auth', onAuthEvent);
  return module;
});

/**
 * The ID token, refreshed by Amplify when due; null when there is no session or it cannot be refreshed. Amplify
 * loads only when it has something to do: with nothing stored there is no session to find or refresh, and with a
 * stored token still valid by Amplify's own rule (stored-tokens.ts) that token is the answer. The configuration
 * is read first either way, so a stage whose sign-in cannot be configured says so.
 */
async function currentIdToken(): Promise<string | null> {
  const config = await readAuthConfig().catch(unavailable);
  if (!hasStoredSession()) return null;
  const stored = storedIdToken(config.userPoolClientId);
  if (stored) return stored;
  const { fetchAuthSession } = await amplify().catch(unavailable);
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString() ?? null;
}

let checking: Promise<AuthStatus> | null = null;

/** Spec 001 §4 'Auth check': the stored session, refreshed if it has expired, else signed out. */
export function checkSession(): Promise<AuthStatus> {
  const started = generation;
  checking ??= currentIdToken()
    .then(
      (token): AuthStatus => (token ? 'signedIn' : 'signedOut'),
      // A session Amplify cannot read or refresh is no session; without the configuration we cannot tell.
      (error: unknown): AuthStatus => (error instanceof AuthConfigUnavailable ? 'error' : 'signedOut'),
    )
    .then((status) => {
      if (generation !== started) return authState().status;
      // A fresh check is not a logout: a later redirect to /login carries its origin again.
      setState({ status, explicitSignOut: false });
      return status;
    })
    .finally(() => {
      checking = null;
    });
  return checking;
}

let signingOutExplicitly = false;

/**
 * Signs out locally (the tokens are dropped even when the revoke call fails) and marks the session gone.
 * `explicit`: the staff member asked for it; errors are then rethrown so the layout can say 'Failed to sign out'.
 */
export async function endSession({ explicit = false } = {}): Promise<void> {
  // Amplify announces 'signedOut' before signOut() resolves: the Hub listener must already know why.
  signingOutExplicitly = explicit;
  try {
    const { signOut } = await amplify();
    await signOut();
    setState({ status: 'signedOut', explicitSignOut: explicit });
  } catch (error) {
    if (explicit) throw error;
    setState({ status: 'signedOut', explicitSignOut: false });
  } finally {
    signingOutExplicitly = false;
  }
}

/** After a successful sign-in (or first-sign-in password change): the guard may let the staff member in. */
export const markSignedIn = (): void => setState({ status: 'signedIn', explicitSignOut: false });

function onAuthEvent({ payload }: { payload: { event: string } }): void {
  switch (payload.event) {
    case 'signedIn':
    case 'tokenRefresh':
      void checkSession();
      break;
    case 'signedOut':
      setState({ status: 'signedOut', explicitSignOut: signingOutExplicitly });
      break;
    case 'tokenRefresh_failure':
      // The refresh token is refused (expired, revoked): drop what is left before going to /login.
      void endSession();
      break;
  }
}

/**
 * Wires the back office's session into the app, once: the API client's bearer token and 401 handling, Amplify's
 * auth events (from when Amplify first loads), and other tabs signing in or out.
 */
export function watchAuth(): void {
  if (watching) return;
  watching = true;
  setAdminTokenProvider(currentIdToken);
  setAdminSessionLostHandler(() => void endSession());
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(AMPLIFY_STORAGE_PREFIX)) void checkSession();
  });
}
