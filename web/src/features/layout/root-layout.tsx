import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { LoadingState } from '../../components/loading-state';
import { SettingsBanner } from '../../components/settings-banner';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import './root-layout.css';

export const MAIN_CONTENT_ID = 'main-content';

function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every new path starts at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Header, main area, footer (spec 000 §2 Shared layout); pages load lazily into the main area. A page that
 * throws shows `pageErrorFallback` in its place, and the next navigation clears it.
 */
export function RootLayout({ pageErrorFallback }: { pageErrorFallback: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <ScrollToTop />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        <SettingsBanner />
        <ErrorBoundary fallback={pageErrorFallback} resetKey={pathname}>
          <Suspense fallback={<LoadingState message="Loading..." />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
