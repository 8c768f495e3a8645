import { Suspense } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { LoadingState } from '../components/loading-state';
import { RootLayout } from '../features/layout/root-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { AnalyticsTracker } from '../lib/analytics';
import { paths } from '../paths';
import { LazyPageView, lazyPage } from './lazy-page';
import { RouteError } from './route-error';

// Every page is its own chunk, so a visitor downloads only the page they open.
const pages = [
  {
    path: paths.home.path,
    page: lazyPage(() => import('../features/home/home-page').then((m) => m.HomePage)),
  },
  {
    path: paths.products.path,
    page: lazyPage(() => import('../features/catalogue/catalogue-page').then((m) => m.CataloguePage)),
  },
  {
    path: paths.product.path,
    page: lazyPage(() => import('../features/product/product-page').then((m) => m.ProductPage)),
  },
  {
    path: paths.cart.path,
    page: lazyPage(() => import('../features/cart/cart-page').then((m) => m.CartPage)),
  },
  {
    path: paths.checkout.path,
    page: lazyPage(() => import('../features/checkout/checkout-page').then((m) => m.CheckoutPage)),
  },
  {
    path: paths.orderConfirmation.path,
    page: lazyPage(() =>
      import('../features/order-confirmation/order-confirmation-page').then((m) => m.OrderConfirmationPage),
    ),
  },
  {
    path: paths.orderStatus.path,
    page: lazyPage(() => import('../features/order-status/order-status-page').then((m) => m.OrderStatusPage)),
  },
  {
    path: paths.shippingQrCode.path,
    page: lazyPage(() =>
      import('../features/shipping-qr-code/shipping-qr-code-page').then((m) => m.ShippingQrCodePage),
    ),
  },
  {
    path: paths.contact.path,
    page: lazyPage(() => import('../features/contact/contact-page').then((m) => m.ContactPage)),
  },
  {
    path: paths.howItWorks.path,
    page: lazyPage(() => import('../features/info/how-it-works-page').then((m) => m.HowItWorksPage)),
  },
  { path: paths.faq.path, page: lazyPage(() => import('../features/info/faq-page').then((m) => m.FaqPage)) },
  {
    path: paths.expiredToken.path,
    page: lazyPage(() =>
      import('../features/expired-token/expired-token-page').then((m) => m.ExpiredTokenPage),
    ),
  },
];

/**
 * The back office has its own frame (no public header or footer): the login page and, under /admin/*, one
 * chunk holding the guard, the admin layout and the auth library, which lazily loads each admin page. A
 * public page downloads none of it.
 */
const backOffice = [
  {
    path: paths.login.path,
    page: lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage)),
  },
  {
    path: `${paths.admin.path}/*`,
    page: lazyPage(() => import('../features/admin/admin-app').then((m) => m.AdminApp)),
  },
];

/**
 * Starts downloading the page at `pathname` (nothing for an unknown path: the 404 page is in the main chunk).
 * Called before the first render, so the page arrives alongside the settings instead of after them.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const match = [...pages, ...backOffice].find(({ path }) => matchPath({ path, end: true }, pathname));
  return match ? match.page.preload() : Promise.resolve();
}

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
