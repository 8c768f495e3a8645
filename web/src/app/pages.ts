import { productIdFromSlug } from '@shared/rules/slug';
import type { ComponentType } from 'react';
import { onceUntilFailure } from '../lib/once';
import { hasStoredSession } from '../lib/stored-session';
import { paths } from '../paths';
import { matchesRoute } from './route-match';

/**
 * A page in a chunk of its own, downloaded once. A failed download is forgotten, so a later visit tries again.
 * No React here: the preload entry (preload.ts) runs this module before React has downloaded.
 */
export interface PageLoader {
  /** Starts downloading the page's chunk (once); resolves when it has arrived. */
  preload: () => Promise<ComponentType>;
  /** The page, once its chunk has arrived. */
  loaded: () => ComponentType | null;
}

export function pageLoader(load: () => Promise<ComponentType>): PageLoader {
  let loaded: ComponentType | null = null;
  const preload = onceUntilFailure(() =>
    load().then((page) => {
      loaded = page;
      return page;
    }),
  );
  return { preload, loaded: () => loaded };
}

export interface PageRoute {
  path: string;
  page: PageLoader;
  /**
   * The API answers the page asks for as it first renders, from its address: a first visit fetches them
   * alongside the scripts (a preload the page's own request then takes), not after React has run.
   */
  data?: (pathname: string) => string[];
}

/** `listProducts` and `getProduct`'s paths in shared/routes (a test holds them together): no schemas here. */
export const CATALOGUE_API = '/api/products';
const catalogue = () => [CATALOGUE_API];
const productData = (pathname: string) => {
  // The uuid at the end is plain ASCII: the raw segment needs no decoding (a malformed escape cannot throw).
  const id = productIdFromSlug(pathname.split('/').filter(Boolean).pop() ?? '');
  return id ? [`${CATALOGUE_API}/${id}`] : [];
};

/** `getAuthConfig`'s path (a test holds it to the route table): the sign-in page and the guard read it first. */
export const AUTH_CONFIG_API = '/api/auth/config';
const authConfig = () => [AUTH_CONFIG_API];

// Every page is its own chunk, so a visitor downloads only the page they open.
export const publicPages: PageRoute[] = [
  {
    path: paths.home.path,
    page: pageLoader(() => import('../features/home/home-page').then((m) => m.HomePage)),
  },
  {
    path: paths.products.path,
    page: pageLoader(() => import('../features/products/catalogue-page').then((m) => m.CataloguePage)),
    data: catalogue,
  },
  {
    path: paths.product.path,
    page: pageLoader(() => import('../features/products/product-page').then((m) => m.ProductPage)),
    data: productData,
  },
  {
    path: paths.cart.path,
    page: pageLoader(() => import('../features/cart/cart-page').then((m) => m.CartPage)),
    data: catalogue,
  },
  {
    path: paths.checkout.path,
    page: pageLoader(() => import('../features/orders/checkout-page').then((m) => m.CheckoutPage)),
  },
  {
    path: paths.orderConfirmation.path,
    page: pageLoader(() =>
      import('../features/orders/order-confirmation-page').then((m) => m.OrderConfirmationPage),
    ),
  },
  {
    path: paths.orderStatus.path,
    page: pageLoader(() => import('../features/orders/order-status-page').then((m) => m.OrderStatusPage)),
  },
  {
    path: paths.shippingQrCode.path,
    page: pageLoader(() =>
      import('../features/labels/shipping-qr-code-page').then((m) => m.ShippingQrCodePage),
    ),
  },
  {
    path: paths.contact.path,
    page: pageLoader(() => import('../features/tickets/contact-page').then((m) => m.ContactPage)),
  },
  {
    path: paths.howItWorks.path,
    page: pageLoader(() => import('../features/info/how-it-works-page').then((m) => m.HowItWorksPage)),
  },
  {
    path: paths.faq.path,
    page: pageLoader(() => import('../features/info/faq-page').then((m) => m.FaqPage)),
  },
  {
    path: paths.expiredToken.path,
    page: pageLoader(() => import('../features/orders/expired-token-page').then((m) => m.ExpiredTokenPage)),
  },
];

/** Everything under /admin: the back office's frame, which renders its pages (admin-pages.ts) behind its guard. */
const ADMIN_FRAME = `${paths.admin.path}/*`;

/**
 * The back office has its own frame (no public header or footer): the login page and, under /admin/*, one
 * chunk holding the guard, the admin layout and the auth library, which lazily loads each admin page. A
 * public page downloads none of it.
 */
export const backOfficePages: PageRoute[] = [
  {
    path: paths.login.path,
    page: pageLoader(() => import('../features/auth/login-page').then((m) => m.LoginPage)),
    data: authConfig,
  },
  {
    path: ADMIN_FRAME,
    page: pageLoader(() => import('./admin/admin-app').then((m) => m.AdminApp)),
    data: authConfig,
  },
];

/** The route of `table` at `pathname`, as React Router would pick it. */
export const routeIn = (table: readonly PageRoute[], pathname: string): PageRoute | undefined =>
  table.find(({ path }) => matchesRoute(path, pathname));

const routeAt = (pathname: string) => routeIn([...publicPages, ...backOfficePages], pathname);

/**
 * Starts downloading the page at `pathname` (nothing for an unknown path: the 404 page is in the app's chunk);
 * the page then renders at once from the same download.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  return routeAt(pathname)?.page.preload() ?? Promise.resolve();
}

/**
 * The preload entry's work on a first visit: the page at `pathname` and the API answers it renders from, all
 * asked for alongside React and the app instead of after them.
 */
export function preloadFirstVisit(pathname: string): Promise<unknown> {
  for (const href of routeAt(pathname)?.data?.(pathname) ?? []) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }
  // A back-office page with a session stored: its chunk too, alongside the admin frame instead of after the
  // frame has arrived, loaded Amplify and confirmed the session. Signed out, the login page shows instead: the
  // page is not downloaded for nothing, and a public page never loads the back office's table.
  const adminPage =
    matchesRoute(ADMIN_FRAME, pathname) && hasStoredSession()
      ? import('./admin-pages').then((m) => m.preloadAdminPage(pathname))
      : undefined;
  return Promise.all([preloadPage(pathname), adminPage]);
}
