import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { RootLayout } from '../features/layout/root-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { paths } from '../paths';
import { RouteError } from './route-error';

// Every page is its own chunk, so a visitor downloads only the page they open.
const HomePage = lazy(() => import('../features/home/home-page').then((m) => ({ default: m.HomePage })));
const CataloguePage = lazy(() =>
  import('../features/catalogue/catalogue-page').then((m) => ({ default: m.CataloguePage })),
);
const ProductPage = lazy(() =>
  import('../features/product/product-page').then((m) => ({ default: m.ProductPage })),
);

/**
 * Declarative routes: the app loads its data through react-query, so the data router's loaders and actions
 * would be dead weight in the initial bundle. Page errors are caught inside the layout (see RootLayout);
 * this outer boundary catches a failing layout.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions>
      <ErrorBoundary fallback={<RouteError standalone />}>
        <Routes>
          <Route element={<RootLayout pageErrorFallback={<RouteError />} />}>
            <Route index element={<HomePage />} />
            <Route path={paths.products.path} element={<CataloguePage />} />
            <Route path={paths.product.path} element={<ProductPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
