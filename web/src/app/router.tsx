import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { RootLayout } from '../features/layout/root-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { AnalyticsTracker } from '../lib/analytics';
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
const CartPage = lazy(() => import('../features/cart/cart-page').then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazy(() =>
  import('../features/checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const OrderConfirmationPage = lazy(() =>
  import('../features/order-confirmation/order-confirmation-page').then((m) => ({
    default: m.OrderConfirmationPage,
  })),
);
const OrderStatusPage = lazy(() =>
  import('../features/order-status/order-status-page').then((m) => ({ default: m.OrderStatusPage })),
);
const ShippingQrCodePage = lazy(() =>
  import('../features/shipping-qr-code/shipping-qr-code-page').then((m) => ({
    default: m.ShippingQrCodePage,
  })),
);
const ContactPage = lazy(() =>
  import('../features/contact/contact-page').then((m) => ({ default: m.ContactPage })),
);
const HowItWorksPage = lazy(() =>
  import('../features/info/how-it-works-page').then((m) => ({ default: m.HowItWorksPage })),
);
const FaqPage = lazy(() => import('../features/info/faq-page').then((m) => ({ default: m.FaqPage })));
const ExpiredTokenPage = lazy(() =>
  import('../features/expired-token/expired-token-page').then((m) => ({ default: m.ExpiredTokenPage })),
);

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
          <Route element={<RootLayout pageErrorFallback={<RouteError />} />}>
            <Route index element={<HomePage />} />
            <Route path={paths.products.path} element={<CataloguePage />} />
            <Route path={paths.product.path} element={<ProductPage />} />
            <Route path={paths.cart.path} element={<CartPage />} />
            <Route path={paths.checkout.path} element={<CheckoutPage />} />
            <Route path={paths.orderConfirmation.path} element={<OrderConfirmationPage />} />
            <Route path={paths.orderStatus.path} element={<OrderStatusPage />} />
            <Route path={paths.shippingQrCode.path} element={<ShippingQrCodePage />} />
            <Route path={paths.contact.path} element={<ContactPage />} />
            <Route path={paths.howItWorks.path} element={<HowItWorksPage />} />
            <Route path={paths.faq.path} element={<FaqPage />} />
            <Route path={paths.expiredToken.path} element={<ExpiredTokenPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
