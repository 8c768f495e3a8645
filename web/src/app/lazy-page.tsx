import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface LazyPage {
  /** Starts downloading the page's chunk (once); resolves when it has arrived. */
  preload: () => Promise<unknown>;
  /** The page, once its chunk has arrived. */
  loaded: () => ComponentType | null;
  /** The page as `React.lazy` gives it: suspends until the chunk has arrived. */
  suspending: LazyExoticComponent<ComponentType>;
}

/** A page in a chunk of its own. A failed download is forgotten, so a later visit tries again. */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = () => {
    pending ??= load().then(
      (page) => {
        loaded = page;
        return page;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return {
    preload,
    loaded: () => loaded,
    suspending: lazy(() => preload().then((page) => ({ default: page }))),
  };
}

/**
 * Renders a lazy page: at once when its chunk has arrived (preloaded, or shown before), so a first visit that
 * preloaded its page never flashes the in-page loading state; otherwise it suspends like `React.lazy`.
 */
export function LazyPageView({ page }: { page: LazyPage }) {
  const Loaded = page.loaded();
  const Suspending = page.suspending;
  return Loaded ? <Loaded /> : <Suspending />;
}
