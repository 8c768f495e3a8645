import { type ComponentType, type LazyExoticComponent, lazy, useRef } from 'react';
import { type PageLoader, pageLoader } from './pages';

export interface LazyPage extends PageLoader {
  /** The page as `React.lazy` gives it: suspends until the chunk has arrived. */
  suspending: LazyExoticComponent<ComponentType>;
}

/** A page in a chunk of its own, from its loader (shared with the entry's first-page preload) or its import. */
export function lazyPage(source: PageLoader | (() => Promise<ComponentType>)): LazyPage {
  const loader = typeof source === 'function' ? pageLoader(source) : source;
  return { ...loader, suspending: lazy(() => loader.preload().then((page) => ({ default: page }))) };
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
