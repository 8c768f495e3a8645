/** Amplify keeps its tokens in localStorage under this prefix. No imports: the preload entry runs this. */
export const AMPLIFY_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

/** Whether Amplify has anything stored that could be a session; without, it would find none. */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i)?.startsWith(AMPLIFY_STORAGE_PREFIX)) return true;
    }
    return false;
  } catch {
    // Storage unreadable (disabled): ask Amplify.
    return true;
  }
}
