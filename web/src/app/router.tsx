import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { LoadingState } from '../components/loading-state';
import { RootLayout } from '../features/layout/root-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { AnalyticsTracker } from '../lib/analytics';
import { LazyPageView, lazyPage } from './lazy-page';
import { backOfficePages, publicPages } from './pages';
import { RouteError } from './route-error';

const pages = publicPages.map(({ path, page }) => ({ path, page: lazyPage(page) }));
const backOffice = backOfficePages.map(({ path, page }) => ({ path, page: lazyPage(page) }));

/**
 * Declarative routes: the app loads its data through react-query, so the data router's loaders and actions
 * would be dead weight in the initial bundle. Page errors are caught inside the layout (see RootLayout);
 * this outer boundary catches a failing layout.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions>
      <AnalyticsTracker />
      <ErrorBoundary fallback={<RouteError standalone />}>
        <Routes>
          {backOffice.map(({ path, page }) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<LoadingState fullPage message="Loading..." />}>
                  <LazyPageView page={page} />
                </Suspense>
              }
            />
          ))}
          <Route element={<RootLayout pageErrorFallback={<RouteError />} />}>
            {pages.map(({ path, page }) => (
              <Route key={path} path={path} element={<LazyPageView page={page} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
