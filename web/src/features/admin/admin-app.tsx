import { Route, Routes } from 'react-router';
import { LazyPageView, lazyPage } from '../../app/lazy-page';
import { watchAuth } from '../auth/auth-session';
import { RequireAdmin } from '../auth/require-admin';
import { NotFoundPage } from '../not-found/not-found-page';
import { AdminLayout } from './admin-layout';
import '../auth/back-office-routes';
import '../auth/auth.css';
import './admin.css';

watchAuth();

// Each back-office page is a chunk of its own, like the public pages; this frame (guard, layout, Amplify) is one.
const dashboardPage = lazyPage(() =>
  import('../admin-dashboard/dashboard-page').then((m) => m.DashboardPage),
);
const ordersPage = lazyPage(() => import('../admin-orders/orders-page').then((m) => m.OrdersPage));
const orderDetailPage = lazyPage(() =>
  import('../admin-order-detail/order-detail-page').then((m) => m.OrderDetailPage),
);
const productsPage = lazyPage(() => import('../admin-products/products-page').then((m) => m.ProductsPage));

/** Relative paths under the router's `/admin/*` with what each shows. */
const pages = [
  { path: 'orders', page: ordersPage },
  { path: 'orders/:orderId', page: orderDetailPage },
  { path: 'products', page: productsPage },
];

/** Everything under /admin: behind the guard, inside the admin layout. Unknown paths (and sections still to
 * come: customers, marketing, support, settings) show the 404 page. */
export function AdminApp() {
  return (
    <RequireAdmin>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<LazyPageView page={dashboardPage} />} />
          {pages.map(({ path, page }) => (
            <Route key={path} path={path} element={<LazyPageView page={page} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}
