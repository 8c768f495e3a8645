/**
 * `load` run on the first call, its promise given to every later call; a rejection is not kept, so the call
 * after a failure (a dropped download, an API error) tries again. No imports: the preload entry runs it.
 */
export function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
