import { useSyncExternalStore } from 'react';

/**
 * Whether staff are signed in, as the back office's pages read it. The auth feature (features/auth) keeps it
 * current; pages only read it, so they need none of the sign-in code.
 */

/** checking: not known yet; error: the sign-in configuration could not be read ('Failed to check auth'). */
export type AuthStatus = 'checking' | 'signedIn' | 'signedOut' | 'error';

export interface AuthState {
  status: AuthStatus;
  /** The staff member pressed Logout: the guard sends them to /login without an origin to come back to. */
  explicitSignOut: boolean;
}

let state: AuthState = { status: 'checking', explicitSignOut: false };
const listeners = new Set<() => void>();

export const authState = (): AuthState => state;

/** Replaces the state; `changed` runs before anyone is told. False when nothing changed. */
export function setAuthState(next: AuthState, changed?: () => void): boolean {
  if (next.status === state.status && next.explicitSignOut === state.explicitSignOut) return false;
  state = next;
  changed?.();
  for (const listener of listeners) listener();
  return true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export const useAuthState = (): AuthState => useSyncExternalStore(subscribe, snapshot, snapshot);
