import { type ComponentType, type LazyExoticComponent, lazy, useRef } from 'react';

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
 * preloaded its page never flashes the in-page loading state; otherwise it suspends like `React.lazy`. The
 * choice is kept per page for as long as this view is mounted: switching later would change the element type
 * and remount the page, losing its state (a half-filled form). Every route renders this view at the same
 * place, so a navigation keeps the instance and brings another page: that page gets its own choice.
 */
export function LazyPageView({ page }: { page: LazyPage }) {
  const chosen = useRef<{ page: LazyPage; Page: ComponentType } | null>(null);
  if (chosen.current?.page !== page) chosen.current = { page, Page: page.loaded() ?? page.suspending };
  const { Page } = chosen.current;
  return <Page />;
}
