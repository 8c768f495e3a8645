import { Route, Routes } from 'react-router';
import { LazyPageView, lazyPage } from '../../app/lazy-page';
import { watchAuth } from '../auth/auth-session';
import { RequireAdmin } from '../auth/require-admin';
import { NotFoundPage } from '../not-found/not-found-page';
import { AdminLayout } from './admin-layout';
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
const supportPage = lazyPage(() => import('../admin-support/support-page').then((m) => m.SupportPage));
const ticketDetailPage = lazyPage(() =>
  import('../admin-support/ticket-detail-page').then((m) => m.TicketDetailPage),
);
const settingsPage = lazyPage(() => import('../admin-settings/settings-page').then((m) => m.SettingsPage));
const customersPage = lazyPage(() =>
  import('../admin-customers/customers-page').then((m) => m.CustomersPage),
);
const customerDetailPage = lazyPage(() =>
  import('../admin-customers/customer-detail-page').then((m) => m.CustomerDetailPage),
);
const productsPage = lazyPage(() => import('../admin-products/products-page').then((m) => m.ProductsPage));
const marketingPage = lazyPage(() =>
  import('../admin-marketing/marketing-page').then((m) => m.MarketingPage),
);
const smsPage = lazyPage(() => import('../admin-marketing/sms-page').then((m) => m.SmsPage));
const emailPage = lazyPage(() => import('../admin-marketing/email-page').then((m) => m.EmailPage));

/** Relative paths under the router's `/admin/*` with what each shows. */
const pages = [
  { path: 'orders', page: ordersPage },
  { path: 'orders/:orderId', page: orderDetailPage },
  { path: 'support', page: supportPage },
  { path: 'support/:ticketNumber', page: ticketDetailPage },
  { path: 'settings', page: settingsPage },
  { path: 'customers', page: customersPage },
  { path: 'customers/:id', page: customerDetailPage },
  { path: 'products', page: productsPage },
  { path: 'marketing', page: marketingPage },
  { path: 'marketing/sms', page: smsPage },
  { path: 'marketing/email', page: emailPage },
];

/** Everything under /admin: behind the guard, inside the admin layout. Unknown paths show the 404 page. */
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
